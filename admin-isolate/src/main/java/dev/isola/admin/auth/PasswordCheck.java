package dev.isola.admin.auth;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks the admin user's credentials against the stored hash. A script making many calls
 * sends the same credentials each time, and bcrypt is slow on purpose, so a successful check
 * is remembered, as an HMAC under a key that only this process knows (so what is remembered
 * is useless outside it), for the life of the process.
 */
public final class PasswordCheck {

    /** The only user: the administrator. */
    public static final String USER = "admin";
    private static final int REMEMBERED = 32;

    private final String hash;
    private final byte[] key = new byte[32];
    private final Map<String, Boolean> remembered = new ConcurrentHashMap<>();

    /** @param hash a bcrypt hash ({@link PasswordHash#of}) */
    public PasswordCheck(String hash) {
        this.hash = Objects.requireNonNull(hash, "hash");
        if (!PasswordHash.isHash(hash)) {
            throw new IllegalArgumentException("not a bcrypt hash: the stored admin password hash is damaged (delete it and set a new password)");
        }
        new SecureRandom().nextBytes(key);
    }

    /** Whether {@code user} and {@code password} are the admin's. */
    public boolean matches(String user, String password) {
        if (user == null || password == null || !USER.equals(user)) {
            return false;
        }
        String token = mac(password);
        if (remembered.containsKey(token)) {
            return true;
        }
        if (!PasswordHash.matches(hash, password.toCharArray())) {
            return false;
        }
        if (remembered.size() < REMEMBERED) {
            remembered.put(token, Boolean.TRUE);
        }
        return true;
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
