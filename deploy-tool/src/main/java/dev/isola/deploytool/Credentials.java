package dev.isola.deploytool;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The admin credentials deploy-tool sends, and where they came from (said in messages when
 * they are refused). First match wins:
 * <ol>
 *   <li>{@code --password-file FILE} (its first line);</li>
 *   <li>the environment variable {@code ISOLA_ADMIN_PASSWORD};</li>
 *   <li>the password the server generated at its first start, in
 *       {@code <domains root>/.admin/admin-password} (the domains root is {@code --domains-dir},
 *       else {@code ISOLA_DOMAINS_DIR}, else the installation's {@code var/domains}).</li>
 * </ol>
 * The user is {@code --user}, else {@code ISOLA_ADMIN_USER}, else {@code admin}.
 */
record Credentials(String user, String password, String source) {

    static final String PASSWORD_VARIABLE = "ISOLA_ADMIN_PASSWORD";
    static final String USER_VARIABLE = "ISOLA_ADMIN_USER";
    static final String DOMAINS_VARIABLE = "ISOLA_DOMAINS_DIR";

    /**
     * @throws ToolException USAGE if a password file cannot be read, AUTHENTICATION if there is no password at all
     */
    static Credentials resolve(Optional<String> user, Optional<Path> passwordFile, Optional<Path> domainsDir, Path defaultDomainsDir,
                               Map<String, String> environment) {
        String who = user.or(() -> Optional.ofNullable(environment.get(USER_VARIABLE)).filter(s -> !s.isEmpty())).orElse("admin");
        if (passwordFile.isPresent()) {
            return new Credentials(who, firstLine(passwordFile.get(), ExitCodes.USAGE), "--password-file " + passwordFile.get());
        }
        String fromEnvironment = environment.get(PASSWORD_VARIABLE);
        if (fromEnvironment != null && !fromEnvironment.isEmpty()) {
            return new Credentials(who, fromEnvironment, "the environment variable " + PASSWORD_VARIABLE);
        }
        Path generated = domainsRoot(domainsDir, defaultDomainsDir, environment).resolve(".admin").resolve("admin-password");
        if (Files.isReadable(generated)) {
            return new Credentials(who, firstLine(generated, ExitCodes.AUTHENTICATION), "the file the server wrote, " + generated);
        }
        throw new ToolException(ExitCodes.AUTHENTICATION, "no admin password: pass --password-file FILE, set " + PASSWORD_VARIABLE
                + ", or run on the server's machine where it wrote " + generated + " at its first start");
    }

    /** The server's domains root: {@code --domains-dir}, else {@value #DOMAINS_VARIABLE}, else the default. */
    static Path domainsRoot(Optional<Path> domainsDir, Path defaultDomainsDir, Map<String, String> environment) {
        return domainsDir.or(() -> Optional.ofNullable(environment.get(DOMAINS_VARIABLE)).filter(s -> !s.isEmpty()).map(Path::of))
                .orElse(defaultDomainsDir);
    }

    /** The first line of a password file, refused with {@code exitCode} when it is missing or empty. */
    static String firstLine(Path file, int exitCode) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.isEmpty() || lines.getFirst().isEmpty()) {
                throw new ToolException(exitCode, "the password file " + file + " is empty; its first line must be the password");
            }
            return lines.getFirst();
        } catch (IOException e) {
            throw new ToolException(exitCode, "cannot read the password file " + file + ": " + e.getMessage());
        }
    }
}
