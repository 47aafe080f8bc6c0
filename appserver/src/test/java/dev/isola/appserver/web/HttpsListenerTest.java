package dev.isola.appserver.web;

import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.metered.StatusServlet;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The web sub-server's HTTPS port, for real: a self-signed key store made by keytool, the same
 * application answering over TLS (the client checking the certificate and the host name against
 * it) and over HTTP; and every kind of key store that cannot serve refused, saying which.
 */
class HttpsListenerTest {

    @Test
    void aSelfSignedKeyStoreIsMadeOnceAndServesTheApplicationsOverTls(@TempDir Path dir) throws Exception {
        Path store = dir.resolve("config/https.p12");
        HttpsListener listener = SelfSignedKeyStore.ensure(0, store, "shop", "127.0.0.1");
        Path passwordFile = SelfSignedKeyStore.passwordFile(store);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(passwordFile)), "only the owner reads the password");
        assertEquals(listener, SelfSignedKeyStore.ensure(0, store, "shop", "127.0.0.1"), "made once, then reused");
        assertTrue(!listener.toString().contains(listener.keyStorePassword()), "the password is never printed: " + listener);

        X509Certificate certificate = (X509Certificate) certificate(store, listener.keyStorePassword());
        assertEquals("CN=shop", certificate.getSubjectX500Principal().getName());
        assertTrue(certificate.getSubjectAlternativeNames().stream().anyMatch(name -> name.get(1).equals("127.0.0.1")),
                certificate.getSubjectAlternativeNames().toString());

        try (RunningServer server = new RunningServer(b -> b.https(listener))) {
            server.server().deploy(server.export(TestApps.war("metered.war", StatusServlet.class).add(new StringAsset("hello"), "hello.txt")));
            int port = server.server().httpsPort();
            assertTrue(port > 0 && port != server.server().httpPort(), "its own port: " + port);
            HttpClient client = HttpClient.newBuilder().sslContext(trusting(store, listener.keyStorePassword())).build();
            HttpResponse<String> secure = client.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + "/metered/hello.txt"))
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, secure.statusCode());
            assertEquals("hello", secure.body());
            assertTrue(secure.sslSession().isPresent(), "over TLS");
            assertEquals("hello", server.get("/metered/hello.txt"), "and still over HTTP");
        }
    }

    @Test
    void keyStoresThatCannotServeAreRefusedSayingWhy(@TempDir Path dir) throws Exception {
        HttpsListener made = SelfSignedKeyStore.ensure(0, dir.resolve("server.p12"), "shop", "127.0.0.1");
        assertProblem(HttpsListener.Problem.MISSING, dir.resolve("nothing.p12"), "secret");
        assertProblem(HttpsListener.Problem.WRONG_PASSWORD, made.keyStore(), "not-the-password");
        assertProblem(HttpsListener.Problem.UNREADABLE, Files.writeString(dir.resolve("text.p12"), "not a key store"), "secret");
        // A trust store: the certificate without its private key.
        KeyStore certificatesOnly = KeyStore.getInstance("PKCS12");
        certificatesOnly.load(null, null);
        certificatesOnly.setCertificateEntry("server", certificate(made.keyStore(), made.keyStorePassword()));
        Path trust = dir.resolve("trust.p12");
        try (var out = Files.newOutputStream(trust)) {
            certificatesOnly.store(out, "secret".toCharArray());
        }
        assertProblem(HttpsListener.Problem.NO_KEY, trust, "secret");

        // The server does not start, saying so (the fixture wraps what SubServers.start threw).
        IllegalStateException notStarted = assertThrows(IllegalStateException.class,
                () -> new RunningServer(b -> b.https(new HttpsListener(0, made.keyStore(), "not-the-password"))));
        assertTrue(notStarted.getCause() instanceof HttpsListener.KeyStoreException cause
                && cause.getMessage().equals("the password does not open the key store " + made.keyStore()), String.valueOf(notStarted.getCause()));
        // Nothing of it stayed behind: another server starts in this process.
        try (RunningServer next = new RunningServer()) {
            assertTrue(next.server().httpPort() > 0);
        }
    }

    private static void assertProblem(HttpsListener.Problem expected, Path store, String password) {
        HttpsListener.KeyStoreException refused = assertThrows(HttpsListener.KeyStoreException.class, () -> HttpsListener.checkKeyStore(store, password));
        assertEquals(expected, refused.problem(), refused.getMessage());
        assertTrue(refused.getMessage().contains(store.toString()), refused.getMessage());
    }

    private static Certificate certificate(Path store, String password) throws Exception {
        KeyStore keys = KeyStore.getInstance(store.toFile(), password.toCharArray());
        return keys.getCertificate(List.copyOf(java.util.Collections.list(keys.aliases())).getFirst());
    }

    /** A client context that trusts exactly the server's self-signed certificate. */
    private static SSLContext trusting(Path store, String password) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("server", certificate(store, password));
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, factory.getTrustManagers(), null);
        return context;
    }
}
