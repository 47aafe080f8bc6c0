package dev.isola.appserver.jdbc;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * Runs a {@link DerbyNetworkServer} as a process of its own, for example as an isolate of the
 * server image, so that domains reach their database over the Derby network client rather than
 * embedding it:
 *
 * <pre>
 *   DerbyNetworkServerMain --host 127.0.0.1 --port 1527 --data-dir var/db
 *   prints "Derby network server listening on 127.0.0.1:1527, databases in /…/var/db" once it answers,
 *   and serves until the process is told to stop (SIGTERM, or the isolate's orderly exit)
 * </pre>
 */
@Command(name = "derby-network-server", mixinStandardHelpOptions = true,
        description = "Runs a Derby Network Server whose databases live in one directory.")
public final class DerbyNetworkServerMain implements Callable<Integer> {

    /** Exit status when the server cannot start (bad option value, port taken). */
    static final int FAILED_TO_START = 3;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "listen address (default ${DEFAULT-VALUE})")
    String host;

    @Option(names = "--port", defaultValue = "1527", description = "TCP port (default ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--data-dir", required = true, description = "where the databases live")
    Path directory;

    @Option(names = "--start-timeout", defaultValue = "60", description = "seconds to wait for the server to answer (default ${DEFAULT-VALUE})")
    int startTimeoutSeconds;

    @Override
    public Integer call() throws InterruptedException {
        DerbyNetworkServer server;
        try {
            server = DerbyNetworkServer.start(host, port, directory, Duration.ofSeconds(startTimeoutSeconds));
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("error: " + e.getMessage());
            return FAILED_TO_START;
        }
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("derby-network-server-stop").unstarted(server::close));
        System.out.println("Derby network server listening on " + host + ":" + server.port() + ", databases in " + server.directory());
        new CountDownLatch(1).await();
        return 0;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new DerbyNetworkServerMain()).execute(args));
    }
}
