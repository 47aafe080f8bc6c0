package dev.isola.appserver;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.jdbc.DataSourceSpec;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.jms.config.InvalidJmsConfigException;
import dev.isola.appserver.jms.config.JmsConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * Runs a {@link SubServers} from the command line and deploys the archives given:
 * <pre>
 *   java -cp … dev.isola.appserver.SubServersMain --port 8080 --data-dir var/data --work-dir var/applications \
 *        --jms-queue orders,maxDeliveryAttempts=3 --jms-topic prices shop.ear
 * </pre>
 * It runs until the process is told to stop (SIGTERM, Ctrl-C), then stops every application,
 * leaving them unpacked for the next start (see {@link SubServers#stop}).
 * A deployment failure is printed as one line and ends the process with status 2.
 */
@Command(name = "combined-server", mixinStandardHelpOptions = true,
        description = "Runs the web, EJB and JMS sub-servers in one process and deploys the given EAR, WAR or EJB-JAR files.")
public final class SubServersMain implements Callable<Integer> {

    @Option(names = "--port", description = "HTTP port (0: any free port; default ${DEFAULT-VALUE})", defaultValue = "8080")
    int port;

    @Option(names = "--host", description = "HTTP listen address (default ${DEFAULT-VALUE})", defaultValue = "127.0.0.1")
    String host;

    @Option(names = "--data-dir", required = true, description = "the domain's data directory (embedded Derby databases)")
    Path dataDirectory;

    @Option(names = "--work-dir", required = true, description = "where applications are unpacked")
    Path workDirectory;

    @Option(names = "--default-datasource-url", description = "JDBC URL of the default datasource, e.g. jdbc:derby://localhost:1527/shop (default: embedded Derby in the data directory)")
    String defaultDataSourceUrl;

    @Option(names = "--jms-queue", description = "declares a JMS queue: name[,maxDeliveryAttempts=N][,deadLetterQueue=Q] (repeatable)")
    List<String> queues = List.of();

    @Option(names = "--jms-topic", description = "declares a JMS topic: name[,maxDeliveryAttempts=N][,deadLetterQueue=Q] (repeatable)")
    List<String> topics = List.of();

    @Option(names = "--jms-max-delivery-attempts", description = "deliveries before a message goes to the dead-letter queue, for destinations"
            + " that do not say (0: never; default ${DEFAULT-VALUE})", defaultValue = "10")
    int maxDeliveryAttempts;

    @Option(names = "--jms-dead-letter-queue", description = "the default dead-letter queue (default ${DEFAULT-VALUE})", defaultValue = "DLQ")
    String deadLetterQueue;

    @Parameters(description = "archives to deploy")
    List<Path> archives = List.of();

    @Override
    public Integer call() throws InterruptedException {
        ServerConfig.Builder config = ServerConfig.builder(dataDirectory, workDirectory).host(host).httpPort(port);
        try {
            JmsConfig jms = JmsConfig.defaults().withRedeliveryDefaults(maxDeliveryAttempts, deadLetterQueue);
            for (String q : queues) {
                jms = jms.withDestination(DestinationConfig.parse(q, DestinationType.QUEUE));
            }
            for (String t : topics) {
                jms = jms.withDestination(DestinationConfig.parse(t, DestinationType.TOPIC));
            }
            config.jms(jms);
        } catch (InvalidJmsConfigException e) {
            System.err.println("error: " + e.getMessage());
            return 2;
        }
        if (defaultDataSourceUrl != null) {
            config.defaultDataSource(new DataSourceSpec(ServerConfig.DEFAULT_DATASOURCE, "", defaultDataSourceUrl, "", "", -1, "", "",
                    java.util.Map.of(), -1, -1));
        }
        SubServers server = SubServers.start(config.build());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.stop();
            stopped.countDown();
        }, "server-shutdown"));
        for (Path archive : archives) {
            try {
                server.deploy(archive);
            } catch (DeploymentException e) {
                System.err.println("error: " + e.getMessage());
                return 2;
            }
        }
        System.out.println("listening on http://" + host + ":" + server.httpPort() + "/");
        stopped.await();
        return 0;
    }

    public static void main(String[] args) {
        if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
            System.setProperty("java.util.logging.SimpleFormatter.format", "%1$tF %1$tT %4$s %3$s: %5$s%6$s%n");
        }
        int status = new CommandLine(new SubServersMain()).execute(args);
        if (status != 0) {
            System.exit(status);
        }
    }
}
