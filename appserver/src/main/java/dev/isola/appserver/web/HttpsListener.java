package dev.isola.appserver.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.util.Collections;
import java.util.Objects;
import org.apache.catalina.connector.Connector;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;

/**
 * The web sub-server's HTTPS port: a second Tomcat connector, beside the HTTP one, serving the
 * same applications over TLS with the key and certificate chain of a key store (PKCS12 or JKS).
 *
 * @param port             the port; 0 picks a free one
 * @param keyStore         the key store holding the server's private key and certificate
 * @param keyStorePassword its password, which is also the key's
 */
public record HttpsListener(int port, Path keyStore, String keyStorePassword) {

    public HttpsListener {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(port + " is not a port (expected 1-65535, or 0 for any free port)");
        }
        Objects.requireNonNull(keyStore, "keyStore");
        Objects.requireNonNull(keyStorePassword, "keyStorePassword");
    }

    @Override
    public String toString() {
        return "HttpsListener[port=" + port + ", keyStore=" + keyStore + "]"; // never the password
    }

    /** What is wrong with a key store, told apart so that the caller can name the setting at fault. */
    public enum Problem { MISSING, UNREADABLE, WRONG_PASSWORD, NO_KEY }

    /** A key store that cannot serve HTTPS, with the setting at fault. */
    public static final class KeyStoreException extends IllegalArgumentException {
        private final Problem problem;

        KeyStoreException(Problem problem, String message, Throwable cause) {
            super(message, cause);
            this.problem = problem;
        }

        public Problem problem() {
            return problem;
        }
    }

    /**
     * Opens the key store as Tomcat will, so that a missing file, a wrong password or a store
     * without a private key is told when it is configured, not as a connector that fails to start.
     *
     * @throws KeyStoreException saying which
     */
    public static void checkKeyStore(Path keyStore, String password) {
        if (!Files.isRegularFile(keyStore)) {
            throw new KeyStoreException(Problem.MISSING, "no key store at " + keyStore, null);
        }
        KeyStore store;
        try {
            // The type is detected from the file (PKCS12 or JKS).
            store = KeyStore.getInstance(keyStore.toFile(), password.toCharArray());
        } catch (IOException e) {
            if (e.getCause() instanceof UnrecoverableKeyException || String.valueOf(e.getMessage()).contains("password")) {
                throw new KeyStoreException(Problem.WRONG_PASSWORD, "the password does not open the key store " + keyStore, e);
            }
            throw new KeyStoreException(Problem.UNREADABLE, keyStore + " is not a key store Java can read (PKCS12 or JKS): " + e.getMessage(), e);
        } catch (GeneralSecurityException e) {
            throw new KeyStoreException(Problem.UNREADABLE, keyStore + " is not a key store Java can read (PKCS12 or JKS): " + e.getMessage(), e);
        }
        try {
            for (String alias : Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias)) {
                    store.getKey(alias, password.toCharArray());
                    return;
                }
            }
        } catch (UnrecoverableKeyException e) {
            throw new KeyStoreException(Problem.WRONG_PASSWORD, "the password opens " + keyStore + " but not its private key (it must be the same)", e);
        } catch (GeneralSecurityException e) {
            throw new KeyStoreException(Problem.UNREADABLE, "cannot read the private key in " + keyStore + ": " + e.getMessage(), e);
        }
        throw new KeyStoreException(Problem.NO_KEY, keyStore + " holds no private key (only certificates): HTTPS needs the server's key and certificate", null);
    }

    /** The connector, for the web sub-server's Tomcat service. */
    Connector connector(String host) {
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(port);
        connector.setProperty("address", host);
        connector.setProperty("useVirtualThreads", "true");
        connector.setScheme("https");
        connector.setSecure(true);
        connector.setProperty("SSLEnabled", "true");
        SSLHostConfig tls = new SSLHostConfig();
        SSLHostConfigCertificate certificate = new SSLHostConfigCertificate(tls, SSLHostConfigCertificate.Type.UNDEFINED);
        certificate.setCertificateKeystoreFile(keyStore.toAbsolutePath().toString());
        certificate.setCertificateKeystorePassword(keyStorePassword);
        tls.addCertificate(certificate);
        connector.addSslHostConfig(tls);
        return connector;
    }
}
