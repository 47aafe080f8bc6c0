package dev.isola.admin.supervise;

import dev.isola.appserver.security.Keyfile;
import dev.isola.appserver.security.PasswordHash;
import dev.isola.appserver.security.RealmUser;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.DomainNotFoundException;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainMode;
import dev.isola.mvm.image.Image;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A domain's users as the admin manages them, in a stopped domain (no isolate processes): the
 * file each change writes, the refusals that change nothing, a damaged file never written over,
 * changes made at the same moment all landing, and the events. The REST routes and deploy-tool
 * are covered against a real admin isolate by {@code RealmUsersIT}.
 */
class RealmUsersTest {

    @TempDir
    Path dir;

    private Supervisor supervisor;
    private DomainDirectory shop;
    private RealmUsers users;

    @BeforeEach
    void aStoppedDomain() {
        DomainsRoot root = DomainsRoot.at(dir.resolve("domains"));
        shop = root.create(DomainConfig.defaults("shop", DomainMode.COMBINED, 8080));
        supervisor = new Supervisor(root, Image.ofCurrentJvm("test"), dir.resolve("mvm"), RestartPolicy.DEFAULTS);
        users = supervisor.domain("shop").users();
    }

    @AfterEach
    void close() {
        supervisor.close();
    }

    private Keyfile keyfile() throws IOException {
        return Keyfile.read(shop.keyfile());
    }

    private List<String> events() {
        return supervisor.domain("shop").journal().last(100).stream().map(e -> e.kind() + ": " + e.message()).toList();
    }

    @Test
    void aCreatedUserIsInTheFileWithAHashOfItsPasswordAndTheAnswerHasNoHash() throws IOException {
        assertEquals(List.of(), users.list(), "a domain starts without users, and without the file");
        assertFalse(Files.exists(shop.keyfile()));

        UserView alice = users.create("alice", "s3cret".toCharArray(), List.of("customers", "staff"));

        assertEquals(new UserView("alice", List.of("customers", "staff")), alice);
        assertEquals(List.of(alice), users.list());
        RealmUser stored = keyfile().user("alice").orElseThrow();
        assertTrue(PasswordHash.matches(stored.passwordHash(), "s3cret".toCharArray()));
        assertEquals(List.of("customers", "staff"), stored.groups());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(shop.keyfile())), "it holds password hashes");
        assertEquals(List.of("USER_CREATED: user alice created, groups: customers, staff"),
                events().stream().filter(e -> e.startsWith("USER_")).toList());
        assertFalse(String.join("\n", events()).contains("s3cret"));
    }

    @Test
    void badNamesGroupsAndPasswordsAndAnExistingUserAreRefusedAndChangeNothing() throws IOException {
        users.create("alice", "one".toCharArray(), List.of());
        String before = Files.readString(shop.keyfile());

        assertRefused(DomainOperationException.Kind.INVALID, "a user name is 1 to 64 letters, digits and . _ @ -",
                () -> users.create("bad name", "pw".toCharArray(), List.of()));
        assertRefused(DomainOperationException.Kind.INVALID, "a group name is 1 to 64 letters, digits and . _ @ -, starting with a letter or digit,"
                + " not 'a;b'", () -> users.create("bob", "pw".toCharArray(), List.of("a;b")));
        assertRefused(DomainOperationException.Kind.INVALID, "a user's password may not be empty", () -> users.create("bob", new char[0], List.of()));
        assertRefused(DomainOperationException.Kind.INVALID, "a password of 73 bytes is longer than bcrypt's 72 bytes",
                () -> users.create("bob", "x".repeat(73).toCharArray(), List.of()));
        assertRefused(DomainOperationException.Kind.CONFLICT, "user alice already exists in domain shop",
                () -> users.create("alice", "two".toCharArray(), List.of()));
        assertRefused(DomainOperationException.Kind.NOT_FOUND, "no user 'bob' in domain shop",
                () -> users.update("bob", Optional.empty(), Optional.of(List.of("staff"))));
        assertRefused(DomainOperationException.Kind.NOT_FOUND, "no user 'bob' in domain shop", () -> users.delete("bob"));
        assertRefused(DomainOperationException.Kind.NOT_FOUND, "no user 'bob' in domain shop", () -> users.get("bob"));
        assertRefused(DomainOperationException.Kind.INVALID, "give user alice a new password, new groups, or both",
                () -> users.update("alice", Optional.empty(), Optional.empty()));
        assertRefused(DomainOperationException.Kind.INVALID, "a group name is",
                () -> users.update("alice", Optional.empty(), Optional.of(List.of(""))));

        assertEquals(before, Files.readString(shop.keyfile()));
        assertEquals(1, events().stream().filter(e -> e.startsWith("USER_")).count(), "only the creation was recorded: " + events());
    }

    @Test
    void anUpdateChangesWhatItIsGivenAndKeepsTheRest() throws IOException {
        users.create("alice", "one".toCharArray(), List.of("customers"));
        String firstHash = keyfile().user("alice").orElseThrow().passwordHash();

        assertEquals(new UserView("alice", List.of("customers", "staff")),
                users.update("alice", Optional.empty(), Optional.of(List.of("customers", "staff"))));
        assertEquals(firstHash, keyfile().user("alice").orElseThrow().passwordHash(), "the password stays");

        users.update("alice", Optional.of("two".toCharArray()), Optional.empty());
        RealmUser changed = keyfile().user("alice").orElseThrow();
        assertTrue(PasswordHash.matches(changed.passwordHash(), "two".toCharArray()));
        assertFalse(PasswordHash.matches(changed.passwordHash(), "one".toCharArray()));
        assertEquals(List.of("customers", "staff"), changed.groups(), "the groups stay");

        users.update("alice", Optional.of("three".toCharArray()), Optional.of(List.of()));
        assertEquals(List.of(), keyfile().user("alice").orElseThrow().groups(), "an empty list leaves the user in no group");

        assertEquals(List.of("USER_UPDATED: user alice: groups customers -> customers, staff", "USER_UPDATED: user alice: password changed",
                "USER_UPDATED: user alice: password changed; groups customers, staff -> (none)"),
                events().stream().filter(e -> e.startsWith("USER_UPDATED")).toList());
    }

    @Test
    void aDeletedUserIsGoneAndTheOthersStayInTheirOrder() throws IOException {
        for (String name : List.of("alice", "bob", "carol")) {
            users.create(name, "pw".toCharArray(), List.of("staff"));
        }

        users.delete("bob");

        assertEquals(List.of("alice", "carol"), users.list().stream().map(UserView::name).toList());
        assertEquals(List.of("alice", "carol"), keyfile().users().stream().map(RealmUser::name).toList());
        assertTrue(events().contains("USER_DELETED: user bob deleted"), events().toString());
    }

    @Test
    void aDamagedFileIsReportedWithItsLineAndNeverWrittenOver() throws IOException {
        users.create("alice", "pw".toCharArray(), List.of());
        String damaged = Files.readString(shop.keyfile()) + "bob;not-a-hash\n";
        Files.writeString(shop.keyfile(), damaged);
        String expected = "the users of domain shop cannot be read: " + shop.keyfile() + ", line 4: a line is user;password hash;groups";

        assertRefused(DomainOperationException.Kind.CONFLICT, expected, users::list);
        assertRefused(DomainOperationException.Kind.CONFLICT, expected, () -> users.create("carol", "pw".toCharArray(), List.of()));
        assertRefused(DomainOperationException.Kind.CONFLICT, expected, () -> users.update("alice", Optional.empty(), Optional.of(List.of("x"))));
        assertRefused(DomainOperationException.Kind.CONFLICT, expected, () -> users.delete("alice"));

        assertEquals(damaged, Files.readString(shop.keyfile()), "left as it was");
    }

    @Test
    void changesMadeAtTheSameMomentAllLand() throws Exception {
        int count = 12;
        CountDownLatch go = new CountDownLatch(1);
        List<Future<UserView>> created = new ArrayList<>();
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                String name = "user" + i;
                created.add(threads.submit(() -> {
                    go.await();
                    return users.create(name, "pw".toCharArray(), List.of("staff"));
                }));
            }
            go.countDown();
        }
        for (Future<UserView> f : created) {
            f.get();
        }

        assertEquals(IntStream.range(0, count).mapToObj(i -> "user" + i).sorted().toList(),
                keyfile().users().stream().map(RealmUser::name).sorted().toList());
    }

    @Test
    void aDeletedDomainTakesItsUsersAlongAndNoLaterChangeMakesItsDirectoryAgain() {
        RealmUsers before = users;
        before.create("alice", "pw".toCharArray(), List.of());

        supervisor.delete("shop", false);

        assertFalse(Files.exists(shop.path()), "the keyfile went with the directory");
        assertThrows(DomainNotFoundException.class, () -> before.create("bob", "pw".toCharArray(), List.of()));
        assertFalse(Files.exists(shop.path()), "a change that waited does not make the directory again");
        supervisor.create(DomainConfig.defaults("shop", DomainMode.COMBINED, 8080));
        assertEquals(List.of(), supervisor.domain("shop").users().list(), "a new domain of that name has no users");
    }

    private static void assertRefused(DomainOperationException.Kind kind, String message, Executable call) {
        DomainOperationException refused = assertThrows(DomainOperationException.class, call);
        assertEquals(kind, refused.kind(), refused.getMessage());
        assertTrue(refused.getMessage().startsWith(message), refused.getMessage());
    }
}
