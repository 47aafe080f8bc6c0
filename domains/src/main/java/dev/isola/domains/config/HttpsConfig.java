package dev.isola.domains.config;

import dev.isola.appserver.web.HttpsListener;
import java.nio.file.Path;

/**
 * Whether a domain serves HTTPS beside HTTP, and with which key: the {@code https} of its
 * configuration. Off unless asked for. Without a key store of its own, the domain makes a
 * self-signed one at its first start with HTTPS ({@code config/https.p12}, its password in
 * {@code config/https.p12.password}), as GlassFish and Open Liberty do for a new server.
 *
 * @param enabled          whether the HTTPS port is opened
 * @param port             the HTTPS port (0: a free one at every start); required when enabled
 * @param keyStore         a PKCS12 or JKS key store with the server's key and certificate chain, absolute or relative to
 *                         the domain's directory; empty: the self-signed one
 * @param keyStorePassword its password (also the key's); required with a key store
 */
public record HttpsConfig(boolean enabled, int port, String keyStore, String keyStorePassword) {

    public static final HttpsConfig DEFAULT = new HttpsConfig(false, 0, "", "");
    /** The self-signed key store a domain makes, in its directory. */
    public static final String GENERATED_KEY_STORE = "config/https.p12";

    public HttpsConfig {
        keyStore = keyStore == null ? "" : keyStore;
        keyStorePassword = keyStorePassword == null ? "" : keyStorePassword;
        if (port < 0 || port > 65535) {
            throw new DomainConfigException("https.port", port + " is not a port (expected 1-65535, or 0 for any free port)");
        }
        if (!keyStore.isEmpty() && keyStorePassword.isEmpty()) {
            throw new DomainConfigException("https.keyStorePassword", "is required with a key store (" + keyStore + ")");
        }
    }

    /** The key store the domain serves with: its own, or the self-signed one. */
    public Path keyStorePath(Path domainDirectory) {
        return domainDirectory.resolve(keyStore.isEmpty() ? GENERATED_KEY_STORE : keyStore);
    }

    /**
     * Opens a key store of the domain's own (not the self-signed one, made at its first start),
     * so that a missing file or a wrong password is refused when configured.
     *
     * @throws DomainConfigException naming {@code https.keyStore} or {@code https.keyStorePassword}
     */
    public void checkKeyStore(Path domainDirectory) {
        if (!enabled || keyStore.isEmpty()) {
            return;
        }
        try {
            HttpsListener.checkKeyStore(keyStorePath(domainDirectory), keyStorePassword);
        } catch (HttpsListener.KeyStoreException e) {
            throw new DomainConfigException(e.problem() == HttpsListener.Problem.WRONG_PASSWORD ? "https.keyStorePassword" : "https.keyStore",
                    e.getMessage());
        }
    }
}
