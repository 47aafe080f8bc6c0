package dev.isola.loadtests.throughput;

import dev.isola.appserver.jdbc.DerbyNetworkServerMain;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.MemorySize;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The Derby network server in an isolate of its own, of the server image (so it maps the
 * image's AOT cache like the domain isolates), sized like a domain isolate by default (256 MB
 * heap, 32 MB young generation, Serial). The database of configuration (b) lives in it.
 */
final class DerbyServerIsolate implements AutoCloseable {

    private static final Duration READY = Duration.ofSeconds(90);

    private final Isolate isolate;
    private final int port;

    private DerbyServerIsolate(Isolate isolate, int port) {
        this.isolate = isolate;
        this.port = port;
    }

    /** Starts the isolate and returns once the server accepts connections on {@code port}. */
    static DerbyServerIsolate start(Image image, Path mvmHome, Path dataDirectory, int port) throws InterruptedException {
        IsolateSpec spec = IsolateSpec.builder(DerbyNetworkServerMain.class.getName())
                .name("derbynet")
                .arguments("--host", "127.0.0.1", "--port", Integer.toString(port), "--data-dir", dataDirectory.toString())
                .image(image)
                .maxHeap(MemorySize.parse("256m"))
                .youngGeneration(MemorySize.parse("32m"))
                .collector(GarbageCollector.SERIAL)
                .workingDirectory(dataDirectory)
                .build();
        Isolate isolate = new Isolate(spec, mvmHome);
        isolate.start();
        DerbyServerIsolate server = new DerbyServerIsolate(isolate, port);
        long deadline = System.nanoTime() + READY.toNanos();
        while (true) {
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
                return server;
            } catch (IOException notYet) {
                if (isolate.onExit().isDone() || System.nanoTime() > deadline) {
                    server.close();
                    throw new IllegalStateException("the Derby network server isolate did not listen on port " + port + " within "
                            + READY.toSeconds() + " s (" + isolate.status() + "); its run directory: " + isolate.runDirectory().orElse(null));
                }
                Thread.sleep(100);
            }
        }
    }

    /** The JDBC URL of {@code database} on this server. */
    String url(String database) {
        return "jdbc:derby://127.0.0.1:" + port + "/" + database + ";create=true";
    }

    long pid() {
        return isolate.pid();
    }

    @Override
    public void close() {
        try {
            isolate.exit(0).get(30, TimeUnit.SECONDS);
        } catch (Exception notInTime) {
            isolate.halt(9).join();
        }
    }
}
