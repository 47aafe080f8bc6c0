package dev.isola.admin.auth;

import org.bouncycastle.crypto.generators.OpenBSDBCrypt;

import java.security.SecureRandom;

/**
 * Salted password hashes with bcrypt (Bouncy Castle's implementation), in the usual
 * {@code $2b$10$…} form that carries its salt and cost.
 */
public final class PasswordHash {

    /** 2^10 rounds: about 50-100 ms per check here; successful checks are remembered by {@link PasswordCheck}. */
    static final int COST = 10;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] ALPHABET = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789".toCharArray();

    private PasswordHash() {
    }

    /** A new salted hash of {@code password}. */
    public static String of(char[] password) {
        byte[] salt = new byte[16];
        RANDOM.nextBytes(salt);
        return OpenBSDBCrypt.generate("2b", password, salt, COST);
    }

    /** Whether {@code password} is the one {@code hash} was made from. */
    public static boolean matches(String hash, char[] password) {
        try {
            return OpenBSDBCrypt.checkPassword(hash, password);
        } catch (IllegalArgumentException e) {
            return false;
        }
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
