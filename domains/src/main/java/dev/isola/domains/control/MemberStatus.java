package dev.isola.domains.control;

import java.io.Serializable;
import java.time.Instant;
import java.util.List;

/**
 * What one domain isolate reports about itself over its control link.
 *
 * @param domain       the domain's name
 * @param member       server, web, ejb or jms
 * @param isolateId    the isolate's id in the mvm registry
 * @param pid          its process id
 * @param phase        where it is in its life
 * @param httpPort     the port its web sub-server listens on, -1 without one
 * @param startedAt    when its main method began
 * @param readyAt      when it became ready, null before
 * @param applications what it has deployed, and what failed to redeploy at start
 * @param problem      why it is not ready, empty when nothing is wrong
 */
public record MemberStatus(String domain, String member, String isolateId, long pid, Phase phase, int httpPort, Instant startedAt,
                           Instant readyAt, List<ApplicationStatus> applications, String problem) implements Serializable {

    public enum Phase {
        /** Starting its sub-servers or redeploying its applications. */
        STARTING,
        /** Serving. */
        READY,
        /** Its sub-servers could not start; it waits to be stopped. */
        FAILED,
        /** Shutting down on request. */
        STOPPING
    }

    public MemberStatus {
        applications = List.copyOf(applications);
    }
}
