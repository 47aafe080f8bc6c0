package dev.isola.admin.auth;

import dev.isola.appserver.security.PasswordHash;
import dev.isola.appserver.security.RememberedChecks;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Checks the admin user's credentials against the stored hash. A script making many calls
 * sends the same credentials each time, and bcrypt is slow on purpose, so a successful check
 * is remembered, as an HMAC under a key that only this process knows (so what is remembered
 * is useless outside it), until the password is changed ({@link #replace}).
 */
public final class PasswordCheck {

    /** The only user: the administrator. */
    public static final String USER = "admin";
    private static final int REMEMBERED = 32;

    /** The hash and the checks remembered for it, replaced together, so that no check of the old password outlives a change. */
    private record Current(String hash, RememberedChecks remembered) {
    }

    private final AtomicReference<Current> current;
    private final List<Runnable> onChange = new CopyOnWriteArrayList<>();

    /** @param hash a bcrypt hash ({@link PasswordHash#of}) */
    public PasswordCheck(String hash) {
        this.current = new AtomicReference<>(new Current(checked(hash), new RememberedChecks(REMEMBERED)));
    }

    private static String checked(String hash) {
        Objects.requireNonNull(hash, "hash");
        if (!PasswordHash.isHash(hash)) {
            throw new IllegalArgumentException("not a bcrypt hash: the stored admin password hash is damaged (delete it and set a new password)");
        }
        return hash;
    }

    /** Whether {@code user} and {@code password} are the admin's. */
    public boolean matches(String user, String password) {
        if (user == null || password == null || !USER.equals(user)) {
            return false;
        }
        Current now = current.get();
        if (now.remembered().contains(user, password)) {
            return true;
        }
        if (!PasswordHash.matches(now.hash(), password.toCharArray())) {
            return false;
        }
        now.remembered().remember(user, password);
        return true;
    }

    /**
     * Checks against {@code hash} from now on (the admin password was changed), forgets every check that succeeded before,
     * and tells those who asked ({@link #onChange}), such as the console, which ends its sessions.
     */
    public void replace(String hash) {
        current.set(new Current(checked(hash), new RememberedChecks(REMEMBERED)));
        onChange.forEach(Runnable::run);
    }

    /** Runs {@code action} after each change of the password. */
    public void onChange(Runnable action) {
        onChange.add(action);
    }
}
