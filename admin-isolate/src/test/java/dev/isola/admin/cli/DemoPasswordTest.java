package dev.isola.admin.cli;

import dev.isola.admin.AdminFiles;
import dev.isola.admin.auth.AdminPassword;
import dev.isola.admin.auth.AdminPasswordException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bin/appserver demo} calls the admin API with the password the admin isolate takes, from the same places in the same order. */
class DemoPasswordTest {

    @TempDir
    Path dir;

    private AdminFiles files() {
        return new AdminFiles(dir.resolve(".admin"));
    }

    private Path file(String name, String content) throws Exception {
        return Files.writeString(dir.resolve(name), content);
    }

    @Test
    void thePasswordFileGivenIsUsedWhenTheEnvironmentHasNone() throws Exception {
        Path passwordFile = file("pw", "from-the-file\nignored second line\n");

        char[] password = AppServerMain.Demo.demoPassword(Map.of(), Optional.of(passwordFile), files());

        assertArrayEquals("from-the-file".toCharArray(), password);
    }

    @Test
    void theEnvironmentComesFirstAsForTheAdminIsolate() throws Exception {
        Path passwordFile = file("pw", "from-the-file\n");

        char[] password = AppServerMain.Demo.demoPassword(Map.of(AdminPassword.ENVIRONMENT, "from-the-environment"), Optional.of(passwordFile), files());

        assertArrayEquals("from-the-environment".toCharArray(), password);
    }

    @Test
    void withoutEitherTheGeneratedCopyIsUsed() throws Exception {
        Files.createDirectories(files().directory());
        Files.writeString(files().generatedPassword(), "generated\n");

        assertArrayEquals("generated".toCharArray(), AppServerMain.Demo.demoPassword(Map.of(), Optional.empty(), files()));
    }

    @Test
    void withNoneTheErrorSaysWhereAPasswordCanComeFrom() {
        AdminPasswordException e = assertThrows(AdminPasswordException.class,
                () -> AppServerMain.Demo.demoPassword(Map.of(), Optional.empty(), files()));

        assertTrue(e.getMessage().contains(AdminPassword.ENVIRONMENT) && e.getMessage().contains("--password-file"), e.getMessage());
    }

    @Test
    void anEmptyPasswordFileIsRefusedByName() throws Exception {
        Path empty = file("empty", "");

        AdminPasswordException e = assertThrows(AdminPasswordException.class,
                () -> AppServerMain.Demo.demoPassword(Map.of(), Optional.of(empty), files()));

        assertTrue(e.getMessage().contains(empty.toString()), e.getMessage());
    }
}
