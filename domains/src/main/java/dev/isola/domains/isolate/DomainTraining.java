package dev.isola.domains.isolate;

import dev.isola.domains.DomainDirectory;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.applications.ApplicationRecord;
import dev.isola.domains.applications.ApplicationRegistry;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainConfigJson;
import dev.isola.domains.config.DomainMode;
import dev.isola.domains.config.Member;
import dev.isola.domains.control.DomainControl;
import dev.isola.domains.logging.ProcessLogging;
import dev.isola.mvm.io.DirectoryTrees;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The training run of the application server's image (see {@link dev.isola.mvm.image.TrainingRun}):
 * what a domain isolate does at startup and under a little load, so that the image's AOT cache
 * holds those classes. It boots a combined domain in a temporary directory through the same
 * code a domain isolate runs, talks to it over a control link pair as the admin does, deploys
 * the Pet Store when given its EAR, browses and fills a cart a few times and stops; then boots it
 * again, as every later start of a domain goes (the recorded Pet Store redeployed, its JSPs
 * restored from the JSP cache), browses a little and stops.
 *
 * <pre>
 *   DomainTraining [petstore.ear]
 * </pre>
 *
 * Without the EAR (it is built separately) the domain is booted and controlled but no
 * application runs, and the cache holds the server's startup classes only.
 */
public final class DomainTraining {

    private static final List<String> PAGES = List.of("/petstore/", "/petstore/category?id=FISH", "/petstore/product?id=FI-KOI",
            "/petstore/item?id=I-1005", "/petstore/search?q=retriever", "/petstore/cart", "/petstore/signon");
    private static final int ROUNDS = 15;

    private DomainTraining() {
    }

    public static void main(String[] args) throws Exception {
        Path ear = args.length > 0 ? Path.of(args[0]) : null;
        Path root = Files.createTempDirectory("isola-training");
        try {
            train(root, ear != null && Files.isRegularFile(ear) ? ear : null);
        } finally {
            DirectoryTrees.delete(root);
        }
        System.exit(0);
    }

    private static void train(Path root, Path ear) throws Exception {
        DomainDirectory directory = DomainsRoot.at(root).create(DomainConfig.defaults("training", DomainMode.COMBINED, 0));
        ProcessLogging.install(directory.logFile("training"), "training/training");
        // Read back as a domain isolate reads them (its arguments, domain.json), so that the cache holds those classes too.
        MemberArguments.parse(new MemberArguments(directory.path(), Member.SERVER.key()).toArguments().toArray(String[]::new));
        DomainConfig config = DomainConfigJson.load(directory.configFile());
        boot(config, directory, control -> {
            if (ear != null) {
                Path stored = Files.copy(ear, directory.archives().resolve("petstore.ear"), StandardCopyOption.REPLACE_EXISTING);
                control.deploy("petstore.ear");
                // Recorded as the admin records a deployment, so that the second boot redeploys it.
                new ApplicationRegistry(directory).put(ApplicationRecord.ofStored("petstore", stored));
            }
        }, port -> browse(port, ROUNDS), control -> { });
        if (ear != null) {
            // Started again as every domain starts: the recorded Pet Store redeployed, its JSPs restored from the JSP cache.
            boot(config, directory, control -> { }, port -> browse(port, ROUNDS / 3), control -> control.undeploy("petstore"));
        }
    }

    /**
     * Boots the domain under a control link pair as the admin does, runs {@code first}, browses the Pet Store
     * if it is deployed, runs {@code last} and stops.
     */
    static void boot(DomainConfig config, DomainDirectory directory, ControlStep first, Browsing browsing, ControlStep last)
            throws Exception {
        try (InProcessDomain domain = InProcessDomain.boot(config, directory, "training")) {
            DomainControl control = domain.control();
            first.run(control);
            if (!new ApplicationRegistry(directory).list().isEmpty()) {
                browsing.browse(domain.httpPort());
                control.metrics();
            }
            last.run(control);
            control.status();
        }
    }

    interface ControlStep {
        void run(DomainControl control) throws Exception;
    }

    /** What is asked of the booted domain's HTTP port. */
    interface Browsing {
        void browse(int httpPort) throws IOException;
    }

    /**
     * Browses with {@link HttpURLConnection}, not {@code java.net.http.HttpClient}: building an
     * HttpClient initialises the JDK's default TLS context (the CA certificates parsed, ~300 TLS
     * classes and their code), which a spare would carry into the domain it becomes and no domain
     * uses. The session cookie is kept by hand, for the same reason (a default CookieHandler is
     * process-wide), and no connection is kept alive: a spare frozen with a connected socket
     * could not be written out.
     */
    private static void browse(int port, int rounds) throws IOException {
        // Each round also fills the cart, which reads the item from the database.
        String base = loopback(port);
        String session = null;
        for (int round = 0; round < rounds; round++) {
            for (String page : PAGES) {
                session = request(base + page, session, null);
            }
            session = request(base + "/petstore/cart", session, "action=add&itemId=I-1005&quantity=1");
        }
    }

    /** Asks for each of {@code paths} once, in one session. */
    static void visit(int port, List<String> paths) throws IOException {
        String session = null;
        for (String path : paths) {
            session = request(loopback(port) + path, session, null);
        }
    }

    /** Where the booted domain answers: it listens on loopback. */
    private static String loopback(int port) {
        return "http://127.0.0.1:" + port;
    }

    /** One request, its answer read and discarded; returns the session cookie to send next. */
    private static String request(String url, String session, String form) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
        if (session != null) {
            connection.setRequestProperty("Cookie", session);
        }
        if (form != null) {
            connection.setRequestMethod("POST");
            connection.setDoOutput(true);
            connection.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
            try (OutputStream out = connection.getOutputStream()) {
                out.write(form.getBytes(StandardCharsets.UTF_8));
            }
        }
        int status = connection.getResponseCode();
        InputStream in = status < 400 ? connection.getInputStream() : connection.getErrorStream();
        if (in != null) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        String cookie = connection.getHeaderField("Set-Cookie");
        // Before the stream is closed, which would hand the socket to the JDK's keep-alive cache ("Connection: close"
        // is a header HttpURLConnection does not let one set): disconnect closes it.
        connection.disconnect();
        return cookie != null ? cookie.split(";", 2)[0] : session;
    }
}
