package dev.isola.admin.supervise;

import dev.isola.appserver.security.InvalidKeyfileException;
import dev.isola.appserver.security.Keyfile;
import dev.isola.appserver.security.PasswordHash;
import dev.isola.appserver.security.RealmSpec;
import dev.isola.appserver.security.RealmUser;
import dev.isola.domains.DomainNotFoundException;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.events.DomainEvent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The users of a domain's applications, as operators manage them: the domain's file realm,
 * {@code config/keyfile} ({@link Keyfile}), as GlassFish's {@code create-file-user},
 * {@code update-file-user}, {@code delete-file-user} and {@code list-file-users} manage its
 * file realm.
 *
 * <pre>{@code
 * RealmUsers users = domain.users();
 * users.create("alice", password, List.of("customers"));
 * users.update("alice", Optional.empty(), Optional.of(List.of("customers", "staff")));
 * users.delete("alice");
 * }</pre>
 *
 * <p>Each change reads the file, changes one user and writes the whole file again through a
 * temporary file and a rename, one change at a time per domain, so that two changes made at the
 * same moment both land. The domain's web isolate reads the file again whenever it changes: a
 * running domain takes a change at once, a stopped one has it when it starts, neither is
 * restarted. A file edited by hand into something that does not read is never written over:
 * every operation is refused with the file, the line and what is wrong until it is corrected.
 * Changes do not wait for the domain's lock, which a deployment or a start holds for minutes.
 * Each change is a {@code USER_*} event, which never holds the password.
 *
 * <p>A domain configured with a JDBC realm ({@link RealmSpec.Jdbc}) or an LDAP realm
 * ({@link RealmSpec.Ldap}) signs its users in against database tables or a directory, which their
 * operators manage: every operation here is refused (CONFLICT) rather than read or write a file
 * nobody reads.
 */
public final class RealmUsers {

    private final DomainRuntime domain;
    /** One change of the file at a time; reads go without it, since a write replaces the file whole. */
    private final ReentrantLock changes = new ReentrantLock();

    RealmUsers(DomainRuntime domain) {
        this.domain = domain;
    }

    /** The users, in the order of the file. */
    public List<UserView> list() {
        checkFileRealm();
        return read().users().stream().map(UserView::of).toList();
    }

    /**
     * @throws DomainOperationException NOT_FOUND if there is no such user
     */
    public UserView get(String name) {
        checkFileRealm();
        return UserView.of(existing(read(), name));
    }

    /**
     * Why the domain's users are not managed here: its configuration (the one it starts with next) has a JDBC realm or an
     * LDAP realm, and they are in that database or directory; empty for the file realm.
     */
    public Optional<String> managedElsewhere() {
        DomainConfig configured;
        try {
            configured = domain.nextConfiguration();
        } catch (RuntimeException unreadable) {
            // A waiting configuration edited by hand into one that does not read: the domain's current one says.
            configured = domain.config();
        }
        return switch (configured.realm()) {
            case RealmSpec.File file -> Optional.empty();
            case RealmSpec.Jdbc jdbc -> Optional.of("domain " + domain.name() + " signs users in against the database of datasource "
                    + jdbc.dataSource() + " (JDBC realm); manage its users in that database");
            case RealmSpec.Ldap ldap -> Optional.of("domain " + domain.name() + " signs users in against the directory " + ldap.url()
                    + " (LDAP realm); manage its users in the directory");
        };
    }

    private void checkFileRealm() {
        managedElsewhere().ifPresent(why -> {
            throw new DomainOperationException(DomainOperationException.Kind.CONFLICT, why);
        });
    }

    /**
     * Adds a user.
     *
     * @throws DomainOperationException INVALID for a bad name, group or password (saying what they may be);
     *                                  CONFLICT if the user exists, the file does not read, or the domain has a JDBC or LDAP realm
     */
    public UserView create(String name, char[] password, List<String> groups) {
        checkFileRealm();
        // Hashed before the lock is taken: bcrypt takes its 50-100 ms on purpose, and other changes need not wait for it.
        RealmUser user = checked(() -> RealmUser.withPassword(name, password, groups));
        changes.lock();
        try {
            Keyfile keyfile = readForChange();
            if (keyfile.user(name).isPresent()) {
                throw new DomainOperationException(DomainOperationException.Kind.CONFLICT, "user " + name + " already exists in domain "
                        + domain.name() + "; change it with deploy-tool update-user " + domain.name() + " " + name + ", or delete it first");
            }
            write(keyfile.with(user));
            domain.record("", -1, DomainEvent.Kind.USER_CREATED, "user " + name + " created, groups: " + groupList(user.groups()));
            return UserView.of(user);
        } finally {
            changes.unlock();
        }
    }

    /**
     * Changes a user's password, groups, or both; what is empty stays as it is.
     *
     * @throws DomainOperationException INVALID for a bad group or password, or if neither is given; NOT_FOUND if there is
     *                                  no such user; CONFLICT if the file does not read, or the domain has a JDBC or LDAP realm
     */
    public UserView update(String name, Optional<char[]> password, Optional<List<String>> groups) {
        if (password.isEmpty() && groups.isEmpty()) {
            throw new DomainOperationException(DomainOperationException.Kind.INVALID, "give user " + name + " a new password, new groups, or both");
        }
        checkFileRealm();
        // Hashed before the lock is taken, as for create.
        Optional<String> hash = password.map(given -> checked(() -> {
            RealmUser.checkPassword(given);
            return PasswordHash.of(given);
        }));
        changes.lock();
        try {
            Keyfile keyfile = readForChange();
            RealmUser before = existing(keyfile, name);
            RealmUser after = checked(() -> new RealmUser(name, hash.orElse(before.passwordHash()), groups.orElse(before.groups())));
            write(keyfile.with(after));
            List<String> changed = new ArrayList<>();
            hash.ifPresent(h -> changed.add("password changed"));
            groups.ifPresent(g -> changed.add(after.groups().equals(before.groups()) ? "groups unchanged (" + groupList(after.groups()) + ")"
                    : "groups " + groupList(before.groups()) + " -> " + groupList(after.groups())));
            domain.record("", -1, DomainEvent.Kind.USER_UPDATED, "user " + name + ": " + String.join("; ", changed));
            return UserView.of(after);
        } finally {
            changes.unlock();
        }
    }

    /**
     * Removes a user.
     *
     * @throws DomainOperationException NOT_FOUND if there is no such user; CONFLICT if the file does not read, or the domain
     *                                  has a JDBC or LDAP realm
     */
    public void delete(String name) {
        checkFileRealm();
        changes.lock();
        try {
            Keyfile keyfile = readForChange();
            existing(keyfile, name);
            write(keyfile.without(name));
            domain.record("", -1, DomainEvent.Kind.USER_DELETED, "user " + name + " deleted");
        } finally {
            changes.unlock();
        }
    }

    /** Held by whoever deletes the domain's directory, so that no change writes a new file into it meanwhile ({@link Supervisor#delete}). */
    ReentrantLock lock() {
        return changes;
    }

    private Path file() {
        return domain.directory().keyfile();
    }

    private Keyfile read() {
        try {
            return Keyfile.read(file());
        } catch (InvalidKeyfileException e) {
            throw new DomainOperationException(DomainOperationException.Kind.CONFLICT, "the users of domain " + domain.name()
                    + " cannot be read: " + e.getMessage() + "; correct that line of the file (nothing writes over it until it reads)");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the users of domain " + domain.name() + " from " + file() + ": " + e.getMessage(), e);
        }
    }

    /** The file to change, once it is sure the domain is still there: a write would make its directory again. */
    private Keyfile readForChange() {
        if (!Files.isRegularFile(domain.directory().configFile())) {
            throw new DomainNotFoundException("domain " + domain.name() + " has been deleted");
        }
        return read();
    }

    private void write(Keyfile keyfile) {
        try {
            keyfile.write(file());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the users of domain " + domain.name() + " to " + file() + ": " + e.getMessage(), e);
        }
    }

    private RealmUser existing(Keyfile keyfile, String name) {
        return keyfile.user(name).orElseThrow(() -> new DomainOperationException(DomainOperationException.Kind.NOT_FOUND, "no user '" + name
                + "' in domain " + domain.name() + " (deploy-tool list-users " + domain.name() + " lists them)"));
    }

    /** What {@code check} returns, its refusal of a name, group or password made a 400 with its message. */
    private static <T> T checked(Supplier<T> check) {
        try {
            return check.get();
        } catch (IllegalArgumentException e) {
            throw new DomainOperationException(DomainOperationException.Kind.INVALID, e.getMessage());
        }
    }

    private static String groupList(List<String> groups) {
        return groups.isEmpty() ? "(none)" : String.join(", ", groups);
    }
}
