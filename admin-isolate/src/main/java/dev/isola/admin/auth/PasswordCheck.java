package dev.isola.admin.auth;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
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
    private record Current(String hash, Map<String, Boolean> remembered) {
    }

    private final byte[] key = new byte[32];
    private final AtomicReference<Current> current;
    private final List<Runnable> onChange = new CopyOnWriteArrayList<>();

    /** @param hash a bcrypt hash ({@link PasswordHash#of}) */
    public PasswordCheck(String hash) {
        this.current = new AtomicReference<>(new Current(checked(hash), new ConcurrentHashMap<>()));
        new SecureRandom().nextBytes(key);
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
        String token = mac(password);
        if (now.remembered().containsKey(token)) {
            return true;
        }
        if (!PasswordHash.matches(now.hash(), password.toCharArray())) {
            return false;
        }
        if (now.remembered().size() < REMEMBERED) {
            now.remembered().put(token, Boolean.TRUE);
        }
        return true;
    }

    /**
     * Checks against {@code hash} from now on (the admin password was changed), forgets every check that succeeded before,
     * and tells those who asked ({@link #onChange}), such as the console, which ends its sessions.
     */
    public void replace(String hash) {
        current.set(new Current(checked(hash), new ConcurrentHashMap<>()));
        onChange.forEach(Runnable::run);
    }

    /** Runs {@code action} after each change of the password. */
    public void onChange(Runnable action) {
        onChange.add(action);
    }

    private String mac(String password) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(password.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
        }
    }
}
