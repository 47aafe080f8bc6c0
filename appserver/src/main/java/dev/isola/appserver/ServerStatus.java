package dev.isola.appserver;

import dev.isola.appserver.jms.broker.DestinationStats;

import java.nio.file.Path;
import java.util.List;

/**
 * A snapshot of a {@link SubServers} for the domain's control listener and the console.
 *
 * @param jmsDestinations every declared JMS destination with its depth, consumers and dead-letter counts
 */
public record ServerStatus(State state, String host, int httpPort, Path dataDirectory, Path workDirectory, List<Deployment> deployments,
                           List<DestinationStats> jmsDestinations) {

    public ServerStatus {
        deployments = List.copyOf(deployments);
        jmsDestinations = List.copyOf(jmsDestinations);
    }

    public enum State { RUNNING, STOPPED }
}
