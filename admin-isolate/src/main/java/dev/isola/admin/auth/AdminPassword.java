package dev.isola.admin.auth;

import dev.isola.appserver.security.PasswordHash;
import dev.isola.admin.AdminFiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the admin password comes from, first match wins:
 * <ol>
 *   <li>the environment variable {@value #ENVIRONMENT};</li>
 *   <li>a password file given with {@code --password-file} (its first line);</li>
 *   <li>the stored hash, {@code .admin/password.bcrypt}, written when the password was generated.</li>
 * </ol>
 * When there is none of them at the first start, {@link #generateIfNone} makes one: it is shown
 * once on the console, its hash is stored, and the password itself is written to
 * {@code .admin/admin-password} (owner-only) for local tools such as {@code deploy-tool}, which
 * may be deleted after noting the password. The admin isolate itself only ever keeps the hash.
 */
public final class AdminPassword {

    public static final String ENVIRONMENT = "ISOLA_ADMIN_PASSWORD";

    /**
     * The hash to check against, and where the password came from.
     *
     * @param description where it came from, for messages
     * @param stored      whether it is the stored hash, which is what a change of password replaces (a password given in the
     *                    environment or a file is given again at the next start, and would undo the change)
     */
    public record Source(String hash, String description, boolean stored) {
    }

    /**
     * A password given to this start, before any stored one.
     *
     * @param password the password itself
     * @param file     the password file it was read from; empty when it came from {@value #ENVIRONMENT}
     */
    public record Given(char[] password, Optional<Path> file) {

        /** Where it came from, for messages. */
        public String description() {
            return file.map(f -> "the password file " + f).orElse("the environment variable " + ENVIRONMENT);
        }
    }

    private AdminPassword() {
    }

    /**
     * The admin password's hash, from the first source that has one.
     *
     * @throws AdminPasswordException saying what is missing or wrong and how to set a password
     */
    public static Source resolve(AdminFiles files, Map<String, String> environment, Optional<Path> passwordFile) {
        Optional<Given> given = given(environment, passwordFile);
        if (given.isPresent()) {
            try {
                return new Source(PasswordHash.of(given.get().password()), given.get().description(), false);
            } catch (IllegalArgumentException e) {
                throw new AdminPasswordException("the admin password from " + given.get().description() + " cannot be used: " + e.getMessage());
            }
        }
        if (Files.isRegularFile(files.passwordHash())) {
            String hash;
            try {
                hash = Files.readString(files.passwordHash(), StandardCharsets.UTF_8).strip();
            } catch (IOException e) {
                throw new AdminPasswordException("cannot read the admin password hash " + files.passwordHash() + ": " + e.getMessage());
            }
            if (!PasswordHash.isHash(hash)) {
                throw new AdminPasswordException("the admin password hash " + files.passwordHash() + " is damaged; delete it and start again"
                        + " (a new password is generated), or set " + ENVIRONMENT);
            }
            return new Source(hash, "the stored hash " + files.passwordHash(), true);
        }
        throw new AdminPasswordException("no admin password: set " + ENVIRONMENT + ", pass --password-file, or start with bin/appserver start,"
                + " which generates one");
    }

    /**
     * On a first start with no password given: generates one, stores its hash and the
     * owner-only copy for local tools.
     *
     * @return the generated password, to show once; empty if a password was given or already stored
     */
    public static Optional<char[]> generateIfNone(AdminFiles files, Map<String, String> environment, Optional<Path> passwordFile) {
        if (fromEnvironment(environment).isPresent() || passwordFile.isPresent() || Files.exists(files.passwordHash())) {
            return Optional.empty();
        }
        char[] password = PasswordHash.generatePassword();
        try {
            Files.createDirectories(files.directory());
            writeOwnerOnly(files.generatedPassword(), new String(password) + "\n");
            writeOwnerOnly(files.passwordHash(), PasswordHash.of(password) + "\n");
        } catch (IOException e) {
            throw new AdminPasswordException("cannot store the generated admin password in " + files.directory() + ": " + e.getMessage());
        }
        return Optional.of(password);
    }

    /**
     * The password given to this start, in the order above: {@value #ENVIRONMENT}, else the
     * password file (read and checked); empty when neither is given. Tools that call the admin
     * isolate take its password from here, so that they find the one it took.
     *
     * @throws AdminPasswordException if the password file cannot be read or its first line is empty
     */
    public static Optional<Given> given(Map<String, String> environment, Optional<Path> passwordFile) {
        return fromEnvironment(environment).map(password -> new Given(password.toCharArray(), Optional.empty()))
                .or(() -> passwordFile.map(file -> new Given(readPasswordFile(file), Optional.of(file))));
    }

    /** The environment variable's value; an empty one counts as none. */
    private static Optional<String> fromEnvironment(Map<String, String> environment) {
        return Optional.ofNullable(environment.get(ENVIRONMENT)).filter(value -> !value.isEmpty());
    }

    /**
     * The first line of a password file.
     *
     * @throws AdminPasswordException if it cannot be read or its first line is empty
     */
    public static char[] readPasswordFile(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AdminPasswordException("cannot read the password file " + file + ": " + e.getMessage());
        }
        if (lines.isEmpty() || lines.getFirst().isEmpty()) {
            throw new AdminPasswordException("the password file " + file + " is empty; its first line must be the password");
        }
        return lines.getFirst().toCharArray();
    }

    /**
     * Replaces {@code file} with {@code content}, readable by the owner only, in one step: a reader (or a start after a crash)
     * sees the old content or the new, never none, which for the stored hash would mean a newly generated password.
     */
    static void replaceOwnerOnly(Path file, String content) throws IOException {
        Path next = file.resolveSibling(file.getFileName() + ".next");
        writeOwnerOnly(next, content);
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void writeOwnerOnly(Path file, String content) throws IOException {
        Files.deleteIfExists(file);
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (FileAlreadyExistsException e) {
            throw new IOException(file + " appeared while it was being written; is another admin isolate starting?", e);
        }
        Files.writeString(file, content, StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
    }
}
