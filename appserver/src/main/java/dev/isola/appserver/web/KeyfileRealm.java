package dev.isola.appserver.web;

import dev.isola.appserver.security.InvalidKeyfileException;
import dev.isola.appserver.security.Keyfile;
import dev.isola.appserver.security.PasswordHash;
import dev.isola.appserver.security.RealmUser;
import dev.isola.appserver.security.RememberedChecks;
import org.apache.catalina.realm.GenericPrincipal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.Principal;
import java.util.Objects;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Tomcat's realm for a domain: signs users in against the domain's {@link Keyfile}, with their
 * groups as their roles. The admin isolate rewrites the file when users change; this realm
 * looks at the file's identity and time of change at each sign-in and reads it again when
 * either differs, so a new user, a new password or a deleted user counts from the next request
 * on, without a restart.
 *
 * <p>A file that cannot be read or parsed signs nobody in (it fails closed) and is logged once,
 * naming the line at fault; without a keyfile at all the realm has no users.
 */
public final class KeyfileRealm extends PasswordCheckingRealm {

    private static final Logger LOG = Logger.getLogger(KeyfileRealm.class.getName());
    /** Different credentials remembered after a successful bcrypt check, per version of the file. */
    private static final int REMEMBERED = 256;

    /** What was read, and from which version of the file: its inode (a rewrite renames a new file into place) and time of change. */
    private record Snapshot(Object fileKey, long modified, long size, Keyfile users, RememberedChecks remembered) {
        boolean isOf(BasicFileAttributes file) {
            return file != null && Objects.equals(fileKey, file.fileKey()) && modified == file.lastModifiedTime().toMillis() && size == file.size();
        }
    }

    private static final Snapshot NO_FILE = new Snapshot(null, -1, -1, Keyfile.empty(), new RememberedChecks(0));

    private final Optional<Path> file;
    private volatile Snapshot current = NO_FILE;

    /** @param file the domain's keyfile; empty: a realm without users */
    public KeyfileRealm(Optional<Path> file) {
        this.file = file;
    }

    @Override
    public Principal authenticate(String username, String credentials) {
        if (username == null || credentials == null) {
            return null;
        }
        Snapshot users = users();
        Optional<RealmUser> user = users.users().user(username);
        if (user.isEmpty()) {
            return null;
        }
        if (!users.remembered().contains(username, credentials)) {
            if (!PasswordHash.matches(user.get().passwordHash(), credentials.toCharArray())) {
                return null;
            }
            users.remembered().remember(username, credentials);
        }
        return new GenericPrincipal(username, user.get().groups());
    }

    /** The users of the file as it is now, read again if it changed. */
    private Snapshot users() {
        if (file.isEmpty()) {
            return NO_FILE;
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file.get(), BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            current = NO_FILE;
            return NO_FILE;
        } catch (IOException e) {
            return failClosed("cannot be looked at: " + e);
        }
        Snapshot known = current;
        if (known.isOf(attributes)) {
            return known;
        }
        synchronized (this) {
            if (current.isOf(attributes)) {
                return current;
            }
            Snapshot read;
            try {
                read = new Snapshot(attributes.fileKey(), attributes.lastModifiedTime().toMillis(), attributes.size(), Keyfile.read(file.get()),
                        new RememberedChecks(REMEMBERED));
            } catch (InvalidKeyfileException e) {
                read = new Snapshot(attributes.fileKey(), attributes.lastModifiedTime().toMillis(), attributes.size(), Keyfile.empty(),
                        new RememberedChecks(0));
                LOG.log(Level.SEVERE, "the users' file is damaged, so nobody can sign in until it is mended: " + e.getMessage());
            } catch (IOException e) {
                return failClosed("cannot be read: " + e);
            }
            current = read;
            return read;
        }
    }

    private Snapshot failClosed(String why) {
        LOG.log(Level.SEVERE, "the users' file " + file.orElseThrow() + " " + why + "; nobody can sign in until it can be read");
        current = NO_FILE;
        return NO_FILE;
    }
}
