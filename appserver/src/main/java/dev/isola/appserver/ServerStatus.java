package dev.isola.appserver;

import dev.isola.appserver.jms.broker.DestinationStats;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * A snapshot of a {@link SubServers} for the domain's control listener and the console.
 *
 * @param httpPort        -1 if stopped or if this isolate hosts no web sub-server
 * @param workDirectory   where this isolate unpacks applications
 * @param jmsDestinations every declared JMS destination with its depth, consumers and dead-letter counts (empty where the
 *                        broker runs in another isolate)
 * @param roles           the sub-servers this isolate hosts
 */
public record ServerStatus(State state, String host, int httpPort, Path dataDirectory, Path workDirectory, List<Deployment> deployments,
                           List<DestinationStats> jmsDestinations, Set<SubServerRole> roles) {

    public ServerStatus {
        deployments = List.copyOf(deployments);
        jmsDestinations = List.copyOf(jmsDestinations);
        roles = Set.copyOf(roles);
    }

    public enum State { RUNNING, STOPPED }
}
