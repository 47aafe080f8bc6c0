package dev.isola.appserver.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * How a JDBC realm's table stores passwords ({@link RealmSpec.Jdbc#encoding()}).
 *
 * <ul>
 *   <li>{@link #BCRYPT}: a salted {@link PasswordHash} ({@code $2b$10$…}), as the file realm keeps them.</li>
 *   <li>{@link #SHA_256}: the hex SHA-256 digest of the UTF-8 password, unsalted: GlassFish JDBCRealm's default
 *       digest, for tables that already hold such digests. Weaker: equal passwords have equal digests, and a
 *       stolen table can be guessed at billions of times a second.</li>
 * </ul>
 */
public enum PasswordEncoding {
    BCRYPT("bcrypt"),
    SHA_256("sha-256");

    private final String key;

    PasswordEncoding(String key) {
        this.key = key;
    }

    /** How the configuration spells it. */
    public String key() {
        return key;
    }

    /**
     * @throws IllegalArgumentException naming the encodings there are
     */
    public static PasswordEncoding of(String key) {
        for (PasswordEncoding encoding : values()) {
            if (encoding.key.equals(key)) {
                return encoding;
            }
        }
        throw new IllegalArgumentException("'" + key + "' is not a password encoding (expected one of "
                + List.of(values()).stream().map(PasswordEncoding::key).toList() + ")");
    }

    /**
     * Whether {@code password} is the one {@code stored} was made from. A SHA-256 digest is compared in constant
     * time, upper or lower case hex alike; what is not a digest (or a hash) of this encoding matches nothing.
     */
    public boolean matches(String stored, char[] password) {
        return switch (this) {
            case BCRYPT -> PasswordHash.matches(stored, password);
            case SHA_256 -> {
                byte[] expected;
                try {
                    expected = HexFormat.of().parseHex(stored.toLowerCase(Locale.ROOT));
                } catch (IllegalArgumentException notHex) {
                    yield false;
                }
                yield expected.length == 32 && MessageDigest.isEqual(expected, sha256(password));
            }
        };
    }

    /** The hex SHA-256 digest of the UTF-8 {@code password}, as {@link #SHA_256} stores it. */
    public static String sha256Hex(char[] password) {
        return HexFormat.of().formatHex(sha256(password));
    }

    private static byte[] sha256(char[] password) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(new String(password).getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
