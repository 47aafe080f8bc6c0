package dev.isola.appserver.security;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Credentials that passed a {@link PasswordHash} check, remembered so that the next request with
 * the same ones is not checked again: bcrypt takes 50-100 ms on purpose, and HTTP Basic clients
 * send their credentials with every request. What is kept is an HMAC of user and password under
 * a key only this object knows, so it is useless outside this process. A holder drops the whole
 * object when a password changes, so that no check of an old password outlives the change.
 */
public final class RememberedChecks {

    private final byte[] key = new byte[32];
    private final int capacity;
    private final Set<String> tokens = ConcurrentHashMap.newKeySet();

    /** @param capacity how many different credentials are remembered at most; later ones are checked every time */
    public RememberedChecks(int capacity) {
        this.capacity = capacity;
        new SecureRandom().nextBytes(key);
    }

    /** Whether {@code user} and {@code password} passed a check that was {@link #remember remembered}. */
    public boolean contains(String user, String password) {
        return tokens.contains(token(user, password));
    }

    /** Remembers that {@code user} and {@code password} passed a check, while there is room. */
    public void remember(String user, String password) {
        if (tokens.size() < capacity) {
            tokens.add(token(user, password));
        }
    }

    /** Whether no more credentials are remembered: a holder whose remembered checks never go stale replaces it with a new one. */
    public boolean isFull() {
        return tokens.size() >= capacity;
    }

    private String token(String user, String password) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            // The length prefix keeps ("ab", "c") and ("a", "bc") apart.
            mac.update((user.length() + ":" + user).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(password.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
        }
    }
}
