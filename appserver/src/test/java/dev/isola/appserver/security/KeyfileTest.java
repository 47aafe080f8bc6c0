package dev.isola.appserver.security;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KeyfileTest {

    @TempDir
    Path dir;

    private static final String HASH = PasswordHash.of("secret".toCharArray());

    @Test
    void aMissingFileIsARealmWithoutUsers() throws IOException {
        assertTrue(Keyfile.read(dir.resolve("keyfile")).users().isEmpty());
    }

    @Test
    void whatIsWrittenReadsBackInOrderOwnerReadableOnly() throws IOException {
        Path file = dir.resolve("config/keyfile");
        Keyfile users = Keyfile.empty().with(new RealmUser("zoe", HASH, List.of("staff", "customers", "staff")))
                .with(new RealmUser("adam", HASH, List.of()));

        users.write(file);

        Keyfile read = Keyfile.read(file);
        assertEquals(users, read);
        assertEquals(List.of("zoe", "adam"), read.users().stream().map(RealmUser::name).toList());
        assertEquals(List.of("staff", "customers"), read.user("zoe").orElseThrow().groups(), "each group once, in the order given");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertFalse(Files.exists(dir.resolve("config/keyfile.new")), "no temporary file stays behind");
        assertTrue(Files.readString(file).contains("zoe;" + HASH + ";staff,customers\n"));
    }

    @Test
    void withReplacesAUserAndWithoutRemovesOne() {
        Keyfile users = Keyfile.empty().with(new RealmUser("ann", HASH, List.of("a")));
        Keyfile changed = users.with(new RealmUser("ann", HASH, List.of("b")));
        assertEquals(List.of("b"), changed.user("ann").orElseThrow().groups());
        assertEquals(List.of("a"), users.user("ann").orElseThrow().groups(), "the original is unchanged");
        assertTrue(changed.without("ann").users().isEmpty());
        assertEquals(changed, changed.without("nobody"));
    }

    @Test
    void handWrittenLinesWithCommentsBlanksAndSpacesAreRead() {
        Keyfile users = Keyfile.parse("# users\n\n  ann ; " + HASH + " ; a , b \nbob;" + HASH + ";\n", "keyfile");
        assertEquals(List.of("a", "b"), users.user("ann").orElseThrow().groups());
        assertEquals(List.of(), users.user("bob").orElseThrow().groups());
    }

    @Test
    void aDamagedLineIsNamedWithWhatIsWrong() {
        assertEquals("f, line 2: a line is user;password hash;groups (three fields separated by ;), this one has 2",
                assertThrows(InvalidKeyfileException.class, () -> Keyfile.parse("# c\nann;" + HASH + "\n", "f")).getMessage());
        assertEquals("f, line 1: the password of user ann is not stored as a bcrypt hash",
                assertThrows(InvalidKeyfileException.class, () -> Keyfile.parse("ann;secret;a\n", "f")).getMessage());
        assertEquals("f, line 2: user ann is there twice",
                assertThrows(InvalidKeyfileException.class, () -> Keyfile.parse("ann;" + HASH + ";\nann;" + HASH + ";\n", "f")).getMessage());
        assertTrue(assertThrows(InvalidKeyfileException.class, () -> Keyfile.parse("ann;" + HASH + ";a b\n", "f")).getMessage()
                .startsWith("f, line 1: a group name is 1 to 64 letters"));
    }

    @Test
    void namesGroupsAndPasswordsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> RealmUser.checkName("ann;admin"));
        assertThrows(IllegalArgumentException.class, () -> RealmUser.checkName(""));
        assertThrows(IllegalArgumentException.class, () -> RealmUser.checkName("-x"));
        assertThrows(IllegalArgumentException.class, () -> RealmUser.checkName("x".repeat(65)));
        RealmUser.checkName("ann.smith@example-1_b");
        assertThrows(IllegalArgumentException.class, () -> RealmUser.checkGroup("a,b"));
        assertEquals("a user's password may not be empty",
                assertThrows(IllegalArgumentException.class, () -> RealmUser.checkPassword(new char[0])).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RealmUser.checkPassword("é".repeat(37).toCharArray())).getMessage()
                .startsWith("a password of 74 bytes is longer than bcrypt's 72 bytes"));
        assertTrue(PasswordHash.matches(RealmUser.withPassword("ann", "pw".toCharArray(), List.of()).passwordHash(), "pw".toCharArray()));
    }
}
