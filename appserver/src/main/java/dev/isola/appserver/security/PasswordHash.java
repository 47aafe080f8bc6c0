package dev.isola.appserver.security;

import org.springframework.security.crypto.bcrypt.BCrypt;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;

/**
 * Salted password hashes with bcrypt (Spring Security Crypto's implementation), in the usual
 * {@code $2b$10$…} form that carries its salt and cost; hashes in the {@code $2a$} and
 * {@code $2y$} forms are checked too.
 *
 * <p>Spring Security Crypto rather than Bouncy Castle, which this class used until the fifteenth
 * session: Bouncy Castle's jar is signed, so the admin isolate kept its manifest and the digest of
 * each of its ~5,800 entries on the heap (a few MB), and its central directory (675 KB) was on
 * the heap of every isolate, all of which share the image's class path
 * (docs/results/footprint/idle-breakdown/). The hashes are the same bcrypt.
 */
public final class PasswordHash {

    /** 2^10 rounds: about 50-100 ms per check here; successful checks are remembered by {@link PasswordCheck}. */
    public static final int COST = 10;
    /** bcrypt uses the first 72 bytes of a password; a longer one is refused rather than cut short unseen. */
    public static final int MAX_BYTES = 72;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] ALPHABET = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789".toCharArray();

    private PasswordHash() {
    }

    /**
     * A new salted hash of {@code password}.
     *
     * @throws IllegalArgumentException if it is longer than {@value #MAX_BYTES} bytes in UTF-8
     */
    public static String of(char[] password) {
        byte[] bytes = utf8(password);
        try {
            checkLength(bytes);
            return BCrypt.hashpw(bytes, BCrypt.gensalt("$2b", COST, RANDOM));
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    /**
     * Refuses a password {@link #of} would refuse, without hashing it: for a check before the work.
     *
     * @throws IllegalArgumentException if it is longer than {@value #MAX_BYTES} bytes in UTF-8
     */
    public static void checkLength(char[] password) {
        byte[] bytes = utf8(password);
        try {
            checkLength(bytes);
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    private static void checkLength(byte[] utf8) {
        if (utf8.length > MAX_BYTES) {
            throw new IllegalArgumentException("a password of " + utf8.length + " bytes is longer than bcrypt's " + MAX_BYTES
                    + " bytes; choose a shorter one");
        }
    }

    /** Whether {@code password} is the one {@code hash} was made from; never for a password no hash can be made of. */
    public static boolean matches(String hash, char[] password) {
        byte[] bytes = utf8(password);
        try {
            return bytes.length <= MAX_BYTES && isHash(hash) && BCrypt.checkpw(bytes, hash);
        } catch (IllegalArgumentException e) {
            return false;
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    private static byte[] utf8(char[] password) {
        ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
        byte[] bytes = new byte[encoded.remaining()];
        encoded.get(bytes);
        if (encoded.hasArray()) {
            Arrays.fill(encoded.array(), (byte) 0);
        }
        return bytes;
    }

    /** Whether {@code text} looks like a hash this class makes. */
    public static boolean isHash(String text) {
        return text.matches("\\$2[aby]\\$\\d\\d\\$[./A-Za-z0-9]{53}");
    }

    /** A new random password: 20 characters without look-alikes (no 0/O, 1/l/I), about 115 bits. */
    public static char[] generatePassword() {
        char[] password = new char[20];
        for (int i = 0; i < password.length; i++) {
            password[i] = ALPHABET[RANDOM.nextInt(ALPHABET.length)];
        }
        return password;
    }
}
