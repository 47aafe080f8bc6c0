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
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
        }, ROUNDS, control -> { });
        if (ear != null) {
            // Started again as every domain starts: the recorded Pet Store redeployed, its JSPs restored from the JSP cache.
            boot(config, directory, control -> { }, ROUNDS / 3, control -> control.undeploy("petstore"));
        }
    }

    /**
     * Boots the domain under a control link pair as the admin does, runs {@code first}, browses the Pet Store if it is
     * deployed, runs {@code last} and stops.
     */
    static void boot(DomainConfig config, DomainDirectory directory, ControlStep first, int rounds, ControlStep last) throws Exception {
        try (InProcessDomain domain = InProcessDomain.boot(config, directory, "training")) {
            DomainControl control = domain.control();
            first.run(control);
            if (!new ApplicationRegistry(directory).list().isEmpty()) {
                browse(domain.httpPort(), rounds);
                control.metrics();
            }
            last.run(control);
            control.status();
        }
    }

    interface ControlStep {
        void run(DomainControl control) throws Exception;
    }

    private static void browse(int port, int rounds) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newBuilder().cookieHandler(new java.net.CookieManager()).build()) {
            String base = "http://127.0.0.1:" + port;
            for (int round = 0; round < rounds; round++) {
                for (String page : PAGES) {
                    http.send(HttpRequest.newBuilder(URI.create(base + page)).build(), HttpResponse.BodyHandlers.discarding());
                }
                http.send(HttpRequest.newBuilder(URI.create(base + "/petstore/cart"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString("action=add&itemId=I-1005&quantity=1")).build(),
                        HttpResponse.BodyHandlers.discarding());
            }
        }
    }
}
