package dev.isola.admin.supervise;

import dev.isola.domains.applications.ApplicationRecord;

import java.time.Instant;
import java.util.List;

/**
 * A domain as the API shows it.
 *
 * @param state       STOPPED, STARTING, RUNNING, RESTARTING, STOPPING or FAILED
 * @param keepRunning whether the admin keeps it running (and starts it when the admin starts)
 * @param url         where its applications answer, when it runs
 * @param httpsUrl    where they answer over HTTPS, when it runs with HTTPS on a set port; empty otherwise
 * @param problem     why it failed, empty otherwise
 * @param restarts    restarts within the restart policy's window
 * @param configurationPending a changed configuration waits for the domain's next start (it was changed while the domain ran)
 */
public record DomainView(String name, String mode, String state, boolean keepRunning, String host, int httpPort, String url, String httpsUrl, String problem,
                         List<MemberView> isolates, List<ApplicationRecord> applications, int restarts,
                         boolean configurationPending) {

    /**
     * One isolate of the domain.
     *
     * @param member    server, web, ejb or jms
     * @param name      the isolate's name
     * @param id        its id in the mvm registry
     * @param pid       its process id
     * @param origin    STARTED in a new JVM by this admin isolate, started by taking over a warmed-up SPARE isolate,
     *                  or ADOPTED from a previous admin isolate
     * @param since     when this admin isolate started or adopted it
     * @param olderBuild it was adopted running an earlier build of the image than this admin isolate starts (after an
     *                   upgrade); it runs that code until the domain is restarted
     */
    public record MemberView(String member, String name, String id, long pid, String origin, Instant since, boolean olderBuild) {
    }
}
