package dev.isola.mvm.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 digests as lower-case hex, the form every record of this project keeps them in
 * (AOT caches, compiled JSPs, unpacked applications). In the lowest module so that every module
 * digests files the same way.
 */
public final class Sha256 {

    private Sha256() {
    }

    /**
     * The digest of {@code file}'s content, read in one pass.
     *
     * @throws IOException when the file cannot be read ({@link java.nio.file.NoSuchFileException} naming it when it does not exist)
     */
    public static String of(Path file) throws IOException {
        MessageDigest sha = newDigest();
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                sha.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** The digest of {@code bytes}. */
    public static String of(byte[] bytes) {
        return HexFormat.of().formatHex(newDigest().digest(bytes));
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
