package dev.isola.deploytool;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where deploy-tool takes the credentials from, in order, and what it says when there are none. */
class CredentialsTest {

    @TempDir
    Path dir;

    @Test
    void aPasswordFileWinsThenTheEnvironmentThenTheFileTheServerWrote() throws Exception {
        Path root = dir.resolve("domains");
        Files.createDirectories(root.resolve(".admin"));
        Files.writeString(root.resolve(".admin/admin-password"), "generated\n");
        Path file = Files.writeString(dir.resolve("pw"), "from-file\n");
        Map<String, String> env = Map.of(Credentials.PASSWORD_VARIABLE, "from-env");

        assertEquals("from-file", Credentials.resolve(Optional.empty(), Optional.of(file), Optional.of(root), root, env).password());
        Credentials fromEnvironment = Credentials.resolve(Optional.empty(), Optional.empty(), Optional.of(root), root, env);
        assertEquals("from-env", fromEnvironment.password());
        assertEquals("the environment variable ISOLA_ADMIN_PASSWORD", fromEnvironment.source());
        Credentials generated = Credentials.resolve(Optional.empty(), Optional.empty(), Optional.empty(), dir, Map.of(Credentials.DOMAINS_VARIABLE,
                root.toString(), Credentials.USER_VARIABLE, "ops"));
        assertEquals("generated", generated.password());
        assertEquals("ops", generated.user());
        assertTrue(generated.source().contains(".admin/admin-password"), generated.source());
        assertEquals("admin", Credentials.resolve(Optional.empty(), Optional.of(file), Optional.empty(), root, Map.of()).user());
    }

    @Test
    void noPasswordAnywhereIsAnAuthenticationFailureThatSaysWhereToPutOne() {
        ToolException none = assertThrows(ToolException.class,
                () -> Credentials.resolve(Optional.empty(), Optional.empty(), Optional.empty(), dir, Map.of()));
        assertEquals(ExitCodes.AUTHENTICATION, none.exitCode());
        assertTrue(none.getMessage().contains("pass --password-file FILE, set ISOLA_ADMIN_PASSWORD"), none.getMessage());
        ToolException missingFile = assertThrows(ToolException.class,
                () -> Credentials.resolve(Optional.empty(), Optional.of(dir.resolve("nope")), Optional.empty(), dir, Map.of()));
        assertEquals(ExitCodes.USAGE, missingFile.exitCode());
    }
}
