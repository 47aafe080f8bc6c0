package dev.isola.petstore.account;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Salted PBKDF2 password hashes, self-describing so the cost can rise later without breaking
 * stored hashes: {@code pbkdf2-sha256$<iterations>$<salt, base64>$<hash, base64>}.
 *
 * <p>Each hash has its own random salt, so equal passwords give different hashes; verification
 * compares in constant time.
 */
public final class PasswordHasher {
    /** The scheme tag at the start of every stored hash. */
    public static final String SCHEME = "pbkdf2-sha256";
    private static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    private static final int SALT_BYTES = 16;
    private static final int HASH_BITS = 256;

    private final int iterations;
    private final SecureRandom random = new SecureRandom();

    /** @param iterations the PBKDF2 cost for new hashes; stored hashes keep their own */
    public PasswordHasher(int iterations) {
        if (iterations < 1_000) {
            throw new IllegalArgumentException("PBKDF2 iterations must be at least 1000, got " + iterations);
        }
        this.iterations = iterations;
    }

    /** Hashes {@code password} with a fresh random salt. */
    public String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        random.nextBytes(salt);
        byte[] hash = pbkdf2(password, salt, iterations, HASH_BITS);
        Base64.Encoder base64 = Base64.getEncoder().withoutPadding();
        return SCHEME + "$" + iterations + "$" + base64.encodeToString(salt) + "$" + base64.encodeToString(hash);
    }

    /**
     * Whether {@code password} produces {@code stored}.
     *
     * @throws IllegalArgumentException if {@code stored} is not a hash in this class's format
     */
    public boolean verify(String password, String stored) {
        String[] parts = stored.split("\\$");
        if (parts.length != 4 || !parts[0].equals(SCHEME)) {
            throw new IllegalArgumentException("stored password hash is not in the format "
                    + SCHEME + "$<iterations>$<salt>$<hash>");
        }
        int storedIterations;
        byte[] salt;
        byte[] expected;
        try {
            storedIterations = Integer.parseInt(parts[1]);
            salt = Base64.getDecoder().decode(parts[2]);
            expected = Base64.getDecoder().decode(parts[3]);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("stored password hash has a malformed part: " + e.getMessage(), e);
        }
        if (storedIterations < 1 || salt.length == 0 || expected.length == 0) {
            throw new IllegalArgumentException("stored password hash has an empty salt, hash or iteration count");
        }
        byte[] actual = pbkdf2(password, salt, storedIterations, expected.length * 8);
        return MessageDigest.isEqual(expected, actual);
    }

    private static byte[] pbkdf2(String password, byte[] salt, int iterations, int bits) {
        PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, bits);
        try {
            return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is not available in this JDK", e);
        } finally {
            spec.clearPassword();
        }
    }
}
