package dev.isola.appserver.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A key store with a self-signed certificate, made once for a server that has HTTPS but was
 * given no key store of its own, as GlassFish and Open Liberty make one for a new server: HTTPS
 * works at once (browsers warn until a real certificate replaces it). Made by the JDK's
 * {@code keytool}, an EC P-256 key, valid 825 days, for {@code localhost}, 127.0.0.1 and the
 * listen address; its random password is kept in a file beside it that only the owner can read.
 */
public final class SelfSignedKeyStore {

    private static final SecureRandom RANDOM = new SecureRandom();

    private SelfSignedKeyStore() {
    }

    /**
     * The listener for {@code keyStore}, made first if it does not exist.
     *
     * @param subject the certificate's common name (the domain's name)
     * @param host    the listen address, named in the certificate unless it is a wildcard
     * @throws IllegalStateException if keytool fails, with its output
     */
    public static HttpsListener ensure(int port, Path keyStore, String subject, String host) throws IOException {
        Path passwordFile = passwordFile(keyStore);
        if (!Files.isRegularFile(keyStore) || !Files.isRegularFile(passwordFile)) {
            make(keyStore, passwordFile, subject, host);
        }
        return new HttpsListener(port, keyStore, Files.readString(passwordFile).strip());
    }

    /** Where the password of a key store made here is kept. */
    public static Path passwordFile(Path keyStore) {
        return keyStore.resolveSibling(keyStore.getFileName() + ".password");
    }

    private static void make(Path keyStore, Path passwordFile, String subject, String host) throws IOException {
        Files.createDirectories(keyStore.toAbsolutePath().getParent());
        Files.deleteIfExists(keyStore);
        byte[] random = new byte[18];
        RANDOM.nextBytes(random);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        Path tmp = Files.createTempFile(passwordFile.toAbsolutePath().getParent(), ".password", ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tmp, password + "\n");
        List<String> names = new ArrayList<>(List.of("dns:localhost", "ip:127.0.0.1"));
        if (!host.equals("0.0.0.0") && !host.equals("::") && !host.equals("127.0.0.1") && !host.equals("localhost")) {
            names.add((host.matches("[0-9.]+|.*:.*") ? "ip:" : "dns:") + host);
        }
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        List<String> command = List.of(keytool.toString(), "-genkeypair", "-noprompt", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1",
                "-validity", "825", "-dname", "CN=" + subject, "-ext", "SAN=" + String.join(",", names),
                "-storetype", "PKCS12", "-keystore", keyStore.toString(), "-storepass:file", tmp.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        boolean made = false;
        try {
            String output = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("keytool could not make a self-signed certificate in " + keyStore + ": " + output.strip());
            }
            // The password file last: a store without it is made again, never one whose password is lost.
            Files.move(tmp, passwordFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            made = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while keytool made " + keyStore, e);
        } finally {
            if (!made) {
                process.destroyForcibly();
                Files.deleteIfExists(tmp);
                Files.deleteIfExists(keyStore);
            }
        }
    }
}
