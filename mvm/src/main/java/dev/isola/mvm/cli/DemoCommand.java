package dev.isola.mvm.cli;

import dev.isola.mvm.demo.DemoServer;
import dev.isola.mvm.image.AotCache;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.image.ImageCaches;
import dev.isola.mvm.image.TrainingRun;
import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateRecord;
import dev.isola.mvm.isolate.IsolateRegistry;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.MemorySize;
import dev.isola.mvm.isolate.OrphanPolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code mvm demo}: starts several isolates of one image (a small HTTP service with XML,
 * XSLT and JSON, see {@link DemoServer}), recording the image's AOT cache first if needed,
 * waits until each answers HTTP, prints the {@code ps} table that shows them sharing class
 * metadata, and exits them.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Starts isolates of the demo image, shows that they share class metadata, and stops them.")
final class DemoCommand implements Callable<Integer> {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    @ParentCommand
    private MvmCommand mvm;

    @Option(names = {"-n", "--isolates"}, paramLabel = "N", defaultValue = "3", description = "How many isolates (default ${DEFAULT-VALUE}).")
    private int count;

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "64m", description = "Max heap of each isolate (default ${DEFAULT-VALUE}).")
    private String heap;

    @Option(names = "--young", paramLabel = "SIZE", defaultValue = "8m", description = "Young generation of each isolate (default ${DEFAULT-VALUE}).")
    private String young;

    @Option(names = "--lib", paramLabel = "DIR",
            description = "The directory of jars the demo image is made of (default: the runtime's own, mvm/target/image/lib).")
    private Path lib;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (count < 1 || count > 20) {
            spec.commandLine().getErr().println("--isolates must be between 1 and 20, not " + count);
            return 2;
        }
        Path home = mvm.home();
        IsolateSpec template = isolateSpec(lib != null ? demoImage(lib) : demoImage(), MemorySize.parse(heap), MemorySize.parse(young));

        var cache = ImageCaches.of(home).ensure(template);
        if (!cache.isDone()) {
            out.println("Recording the AOT cache of image 'demo' from its training run (once)...");
            out.flush();
        }
        AotCache recorded = cache.get(5, TimeUnit.MINUTES);
        out.println("Image 'demo': " + template.image().classPath().size() + " jars, AOT cache " + Sizes.megabytes(recorded.size())
                + " (" + recorded.file() + ")");

        List<Isolate> isolates = new ArrayList<>();
        Thread cleanup = new Thread(() -> isolates.forEach(i -> i.halt(1)), "demo-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            for (int i = 1; i <= count; i++) {
                long begin = System.nanoTime();
                Isolate isolate = new Isolate(template.toBuilder().name("demo-" + i).build(), home);
                isolates.add(isolate);
                isolate.start();
                awaitFirstResponse(isolate);
                out.printf("started %s (pid %d): first HTTP 200 after %d ms%n", isolate.name(), isolate.pid(),
                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin));
                out.flush();
            }
            out.println();
            Set<String> ids = isolates.stream().map(Isolate::id).collect(Collectors.toSet());
            List<IsolateRow> rows = new ArrayList<>();
            for (IsolateRecord record : IsolateRegistry.open(home).running()) {
                if (ids.contains(record.id())) {
                    rows.add(IsolateRow.of(record, PsCommand.measure(record)));
                }
            }
            out.print(IsolateTable.render(rows, false));
            out.println();
            explain(out, rows);
        } finally {
            for (Isolate isolate : isolates) {
                isolate.exit(0);
            }
            for (Isolate isolate : isolates) {
                try {
                    isolate.onExit().get(20, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    isolate.halt(1).join();
                }
            }
            Runtime.getRuntime().removeShutdownHook(cleanup);
        }
        out.println("Exited " + isolates.size() + " isolates. See them with: bin/mvm ps -a");
        out.flush();
        return 0;
    }

    /** The demo image: the jars of the runtime this command runs from, trained by {@code DemoServer --train}. */
    static Image demoImage() throws IOException, URISyntaxException {
        Path location = Path.of(DemoServer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (Files.isDirectory(location)) {
            throw new IOException("the demo runs from the packaged runtime (a directory of jars), not from " + location
                    + "; build it with: bin/mvn -pl mvm -am package -DskipTests");
        }
        return demoImage(location.getParent());
    }

    /** The demo image made of the jars in {@code lib} (the runtime image, {@code mvm/target/image/lib}). */
    static Image demoImage(Path lib) throws IOException {
        List<Path> jars;
        try (Stream<Path> files = Files.list(lib)) {
            jars = files.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
        }
        if (jars.isEmpty()) {
            throw new IOException("no jars in " + lib + "; build the runtime with: bin/mvn -pl mvm -am package -DskipTests");
        }
        return new Image("demo", Path.of(System.getProperty("java.home")), jars)
                .withTraining(new TrainingRun(DemoServer.class.getName(), List.of("--train")));
    }

    /** How the demo runs its isolates: small heaps, a small young generation, the Serial collector. */
    static IsolateSpec isolateSpec(Image image, MemorySize heap, MemorySize young) {
        return IsolateSpec.builder(DemoServer.class.getName())
                .name("demo")
                .image(image)
                .maxHeap(heap)
                .youngGeneration(young)
                .collector(GarbageCollector.SERIAL)
                // If this command is killed, its isolates should not linger.
                .orphanPolicy(OrphanPolicy.EXIT)
                .build();
    }

    /** Waits until the isolate's server has written its port and answered one request. */
    static void awaitFirstResponse(Isolate isolate) throws IOException, InterruptedException, ExecutionException {
        Path portFile = isolate.runDirectory().orElseThrow().resolve(DemoServer.PORT_FILE);
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            while (true) {
                if (isolate.onExit().isDone()) {
                    throw new IOException("isolate " + isolate.name() + " ended before it served: " + isolate.onExit().get().cause().describe()
                            + "; see bin/mvm logs --stderr " + isolate.id());
                }
                if (Files.exists(portFile)) {
                    URI uri = URI.create("http://127.0.0.1:" + Files.readString(portFile).strip() + DemoServer.PATH);
                    HttpResponse<String> response = client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
                    if (response.statusCode() == 200) {
                        return;
                    }
                    throw new IOException("isolate " + isolate.name() + " answered " + response.statusCode() + ": " + response.body());
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException("isolate " + isolate.name() + " did not serve within " + READY_TIMEOUT);
                }
                Thread.sleep(10);
            }
        }
    }

    private static void explain(PrintWriter out, List<IsolateRow> rows) {
        long rss = rows.stream().mapToLong(r -> r.rss() == null ? 0 : r.rss()).sum();
        long pss = rows.stream().mapToLong(r -> r.pss() == null ? 0 : r.pss()).sum();
        out.printf("Each isolate is its own JVM process with its own heap; they map one AOT cache, so the class metadata in it%n"
                + "is loaded once: CACHED is the share of each isolate's classes that came from it (Jackson's included, which%n"
                + "the demo loads through a class loader of its own). Counted per process (RSS) the isolates use %s;%n"
                + "counting shared pages once (PSS) they use %s together.%n", Sizes.megabytes(rss), Sizes.megabytes(pss));
    }
}
