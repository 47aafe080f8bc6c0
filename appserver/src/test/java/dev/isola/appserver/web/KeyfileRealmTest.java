package dev.isola.appserver.web;

import dev.isola.appserver.security.Keyfile;
import dev.isola.appserver.security.RealmUser;
import org.apache.catalina.realm.GenericPrincipal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class KeyfileRealmTest {

    @TempDir
    Path dir;

    @Test
    void signsInWithTheRightPasswordAndGivesTheGroupsAsRoles() throws IOException {
        Path file = dir.resolve("keyfile");
        Keyfile.empty().with(RealmUser.withPassword("ann", "pw".toCharArray(), List.of("customers", "staff"))).write(file);
        KeyfileRealm realm = new KeyfileRealm(Optional.of(file));

        GenericPrincipal ann = (GenericPrincipal) realm.authenticate("ann", "pw");
        assertEquals("ann", ann.getName());
        assertArrayEquals(new String[] {"customers", "staff"}, ann.getRoles());
        assertEquals("ann", realm.authenticate("ann", "pw").getName(), "a remembered check signs in too");
        assertNull(realm.authenticate("ann", "PW"));
        assertNull(realm.authenticate("bob", "pw"));
        assertNull(realm.authenticate("ann", null));
    }

    @Test
    void readsTheFileAgainWhenItChangesAndForgetsRememberedPasswords() throws IOException {
        Path file = dir.resolve("keyfile");
        KeyfileRealm realm = new KeyfileRealm(Optional.of(file));
        assertNull(realm.authenticate("ann", "pw"), "no file: no users");

        Keyfile.empty().with(RealmUser.withPassword("ann", "pw".toCharArray(), List.of())).write(file);
        assertEquals("ann", realm.authenticate("ann", "pw").getName());

        Keyfile.empty().with(RealmUser.withPassword("ann", "new".toCharArray(), List.of("a"))).write(file);
        assertNull(realm.authenticate("ann", "pw"), "the old password, though remembered before, is refused");
        assertArrayEquals(new String[] {"a"}, ((GenericPrincipal) realm.authenticate("ann", "new")).getRoles());

        Files.delete(file);
        assertNull(realm.authenticate("ann", "new"), "a deleted file has no users");
    }

    @Test
    void aDamagedFileSignsNobodyInUntilMended() throws IOException {
        Path file = dir.resolve("keyfile");
        Keyfile users = Keyfile.empty().with(RealmUser.withPassword("ann", "pw".toCharArray(), List.of()));
        users.write(file);
        KeyfileRealm realm = new KeyfileRealm(Optional.of(file));
        assertEquals("ann", realm.authenticate("ann", "pw").getName());

        Files.writeString(file, users.text() + "broken line\n");
        assertNull(realm.authenticate("ann", "pw"));

        users.write(file);
        assertEquals("ann", realm.authenticate("ann", "pw").getName());
    }

    @Test
    void withoutAFileNobodySignsIn() {
        assertNull(new KeyfileRealm(Optional.empty()).authenticate("ann", "pw"));
    }
}
