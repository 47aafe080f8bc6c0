package dev.isola.appserver.jms.server;

import dev.isola.appserver.jms.broker.DestinationStats;
import dev.isola.appserver.jms.config.BrokerConfig;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.jms.config.InvalidJmsConfigException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * Runs the JMS sub-server on its own, e.g. as the main class of a domain's JMS isolate:
 *
 * <pre>
 * JmsServerMain --data-dir var/domains/crm/data/jms --queue orders,maxDeliveryAttempts=3 --topic prices
 * </pre>
 *
 * It starts the broker, prints one line when it is ready, and runs until the isolate is
 * asked to exit (a shutdown hook stops the broker cleanly; a halt leaves the store as a
 * crash would, and the next start recovers it).
 */
@Command(name = "jms-server", mixinStandardHelpOptions = true, description = "Runs the JMS sub-server (broker and message store).")
public final class JmsServerMain implements Callable<Integer> {

    @Option(names = "--data-dir", required = true, description = "Directory of the message store (created if missing).")
    Path dataDir;

    @Option(names = "--name", defaultValue = "jms", description = "Broker name for logs and the console (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--queue", description = "A queue to declare: NAME[,maxDeliveryAttempts=N][,deadLetterQueue=Q]. Repeatable.")
    List<String> queues = new ArrayList<>();

    @Option(names = "--topic", description = "A topic to declare: NAME[,maxDeliveryAttempts=N][,deadLetterQueue=Q]. Repeatable.")
    List<String> topics = new ArrayList<>();

    @Option(names = "--max-delivery-attempts", defaultValue = "" + BrokerConfig.DEFAULT_MAX_DELIVERY_ATTEMPTS,
            description = "Default delivery attempts before a message is dead-lettered; 0 for never (default: ${DEFAULT-VALUE}).")
    int maxDeliveryAttempts;

    @Option(names = "--dead-letter-queue", defaultValue = BrokerConfig.DEFAULT_DEAD_LETTER_QUEUE,
            description = "Default dead-letter queue (default: ${DEFAULT-VALUE}).")
    String deadLetterQueue;

    @Option(names = "--max-message-size", defaultValue = "" + BrokerConfig.DEFAULT_MAX_MESSAGE_SIZE,
            description = "Largest accepted message in bytes (default: ${DEFAULT-VALUE}).")
    long maxMessageSize;

    @Option(names = "--auto-create-destinations", description = "Declare unknown destinations on first use instead of refusing them.")
    boolean autoCreate;

    public static void main(String[] args) {
        System.exit(new CommandLine(new JmsServerMain()).execute(args));
    }

    /** Builds the configuration the options describe. */
    BrokerConfig config() {
        BrokerConfig.Builder builder = BrokerConfig.builder(dataDir).name(name).defaultMaxDeliveryAttempts(maxDeliveryAttempts)
                .defaultDeadLetterQueue(deadLetterQueue).maxMessageSize(maxMessageSize).autoCreateDestinations(autoCreate);
        queues.forEach(q -> builder.destination(DestinationConfig.parse(q, DestinationType.QUEUE)));
        topics.forEach(t -> builder.destination(DestinationConfig.parse(t, DestinationType.TOPIC)));
        return builder.build();
    }

    @Override
    public Integer call() throws InterruptedException {
        BrokerConfig config;
        try {
            config = config();
        } catch (InvalidJmsConfigException e) {
            System.err.println("jms-server: " + e.getMessage());
            return 2;
        }
        JmsServer server = JmsServer.start(config);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.stop();
            stopped.countDown();
        }, "jms-server-shutdown"));
        List<DestinationStats> destinations = server.destinations();
        long depth = destinations.stream().mapToLong(DestinationStats::depth).sum();
        System.out.println("jms-server '" + config.name() + "' ready: " + destinations.size() + " destinations, " + depth
                + " messages recovered, store " + config.dataDirectory().toAbsolutePath());
        stopped.await();
        return 0;
    }
}
