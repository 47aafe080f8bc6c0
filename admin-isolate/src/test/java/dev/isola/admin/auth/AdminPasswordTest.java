package dev.isola.admin.auth;

import dev.isola.appserver.security.PasswordHash;
import dev.isola.admin.AdminFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where the admin password comes from, what is stored of it, and how it is checked. */
class AdminPasswordTest {

    @TempDir
    Path dir;

    @Test
    void aGeneratedPasswordIsStoredAsASaltedHashAndAnOwnerOnlyCopy() throws Exception {
        AdminFiles files = new AdminFiles(dir.resolve(".admin"));
        char[] password = AdminPassword.generateIfNone(files, Map.of(), Optional.empty()).orElseThrow();
        assertEquals(20, password.length);
        String hash = Files.readString(files.passwordHash()).strip();
        assertTrue(hash.startsWith("$2b$10$") && !hash.contains(new String(password)), hash);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(files.generatedPassword())));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(files.passwordHash())));
        assertEquals(Optional.empty(), AdminPassword.generateIfNone(files, Map.of(), Optional.empty()), "generated once only");

        AdminPassword.Source source = AdminPassword.resolve(files, Map.of(), Optional.empty());
        assertEquals(hash, source.hash());
        PasswordCheck check = new PasswordCheck(source.hash());
        assertTrue(check.matches("admin", new String(password)));
        assertTrue(check.matches("admin", new String(password)), "remembered");
        assertFalse(check.matches("admin", new String(password) + "x"));
        assertFalse(check.matches("root", new String(password)));
        assertFalse(check.matches("admin", null));
    }

    @Test
    void theEnvironmentWinsOverAPasswordFileWhichWinsOverTheStoredHash() throws Exception {
        AdminFiles files = new AdminFiles(dir.resolve(".admin"));
        AdminPassword.generateIfNone(files, Map.of(), Optional.empty());
        Path file = Files.writeString(dir.resolve("pw"), "from-file\nignored\n");
        AdminPassword.Source fromFile = AdminPassword.resolve(files, Map.of(), Optional.of(file));
        assertTrue(new PasswordCheck(fromFile.hash()).matches("admin", "from-file"), fromFile.description());
        AdminPassword.Source fromEnvironment = AdminPassword.resolve(files, Map.of(AdminPassword.ENVIRONMENT, "from-env"), Optional.of(file));
        assertTrue(new PasswordCheck(fromEnvironment.hash()).matches("admin", "from-env"));
        assertTrue(fromEnvironment.description().contains(AdminPassword.ENVIRONMENT));
        assertEquals(Optional.empty(), AdminPassword.generateIfNone(new AdminFiles(dir.resolve("other")), Map.of(AdminPassword.ENVIRONMENT, "x"),
                Optional.empty()), "nothing is generated when a password is given");
    }

    @Test
    void missingEmptyAndDamagedPasswordsAreRefusedSayingWhatToDo() throws Exception {
        AdminFiles files = new AdminFiles(dir.resolve(".admin"));
        AdminPasswordException none = assertThrows(AdminPasswordException.class, () -> AdminPassword.resolve(files, Map.of(), Optional.empty()));
        assertTrue(none.getMessage().contains("no admin password: set " + AdminPassword.ENVIRONMENT), none.getMessage());
        Path empty = Files.writeString(dir.resolve("empty"), "\n");
        AdminPasswordException blank = assertThrows(AdminPasswordException.class, () -> AdminPassword.resolve(files, Map.of(), Optional.of(empty)));
        assertTrue(blank.getMessage().contains("is empty"), blank.getMessage());
        Files.createDirectories(files.directory());
        Files.writeString(files.passwordHash(), "not a hash\n");
        AdminPasswordException damaged = assertThrows(AdminPasswordException.class, () -> AdminPassword.resolve(files, Map.of(), Optional.empty()));
        assertTrue(damaged.getMessage().contains("is damaged; delete it"), damaged.getMessage());
        // bcrypt reads 72 bytes of a password: a longer one would let any password with its first 72 bytes in.
        AdminPasswordException tooLong = assertThrows(AdminPasswordException.class,
                () -> AdminPassword.resolve(files, Map.of(AdminPassword.ENVIRONMENT, "é".repeat(37)), Optional.empty()));
        assertTrue(tooLong.getMessage().contains("the admin password from the environment variable " + AdminPassword.ENVIRONMENT)
                && tooLong.getMessage().contains("74 bytes is longer than bcrypt's 72 bytes"), tooLong.getMessage());
    }

    @Test
    void hashesMadeBeforeTheBcryptLibraryChangedStillMatch() {
        // Made with Bouncy Castle's OpenBSDBCrypt (the implementation until the fifteenth session), as stored hashes were.
        String earlier = "$2b$10$/ST4oUWZUMQtBoCz1knpBuYsvdFhw2A2qRJSuUNZrvPNpv80F4kHy";
        assertTrue(PasswordHash.matches(earlier, "correct horse battery staple".toCharArray()));
        assertFalse(PasswordHash.matches(earlier, "correct horse battery stapl".toCharArray()));
        assertFalse(PasswordHash.matches(earlier, "correct horse battery staple ".toCharArray()));

        String exactly72 = "x".repeat(PasswordHash.MAX_BYTES);
        String hash = PasswordHash.of(exactly72.toCharArray());
        assertTrue(hash.startsWith("$2b$10$") && PasswordHash.matches(hash, exactly72.toCharArray()), hash);
        assertFalse(PasswordHash.matches(hash, (exactly72 + "y").toCharArray()), "a longer password never matches, though bcrypt reads 72 bytes");
        assertFalse(PasswordHash.matches("$2b$10$short", exactly72.toCharArray()), "a damaged hash matches nothing");
    }
}
