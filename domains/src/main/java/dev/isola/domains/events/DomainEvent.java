package dev.isola.domains.events;

import java.time.Instant;
import java.util.Objects;

/**
 * Something that happened to a domain or one of its isolates, as the admin isolate records it
 * in the domain's event journal and shows it in the API.
 *
 * @param at      when
 * @param domain  the domain's name
 * @param isolate the isolate's name ({@code shop}, {@code crm-ejb}), empty for the domain as a whole
 * @param pid     the isolate's process id, -1 when none is concerned
 * @param kind    what happened
 * @param message one line for people: for an exit, the cause ({@code halted (code 9)},
 *                {@code killed by signal 9 (SIGKILL)}, {@code out of memory: …})
 */
public record DomainEvent(Instant at, String domain, String isolate, long pid, Kind kind, String message) {

    public enum Kind {
        CREATED,
        /** The domain's configuration was changed, or a change that waited was applied at a start; the message lists the changes. */
        CONFIGURED,
        /** An isolate is being started (first start or restart). */
        STARTING,
        /** An isolate is up and has redeployed its applications. */
        STARTED,
        /** A restarted admin isolate took over a running isolate. */
        ADOPTED,
        /** An isolate ended; the message has the cause. */
        EXITED,
        /** An isolate that ended unasked will be started again after a delay. */
        RESTART_SCHEDULED,
        /** A peer of a restarted isolate was given new links to it. */
        RECONNECTED,
        /** The domain gave up restarting (restart limit), or could not be started. */
        FAILED,
        /** The domain was stopped on request. */
        STOPPED,
        DEPLOYED,
        UNDEPLOYED,
        REDEPLOYED,
        DEPLOYMENT_FAILED,
        /** The messages waiting in a JMS queue were removed on request; the message says how many, from which queue. */
        JMS_PURGED,
        /** A backup of the stopped domain was taken; the message says how much it holds. */
        BACKED_UP,
        /** The domain was made from a backup; the message says of which domain, taken when. */
        RESTORED,
        /** A user of the domain's applications was added to its file realm; the message names the user and the groups, never the password. */
        USER_CREATED,
        /** A user's password or groups were changed; the message says which, never the password. */
        USER_UPDATED,
        /** A user was removed from the domain's file realm. */
        USER_DELETED
    }

    public DomainEvent {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(isolate, "isolate");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
    }

    public static DomainEvent of(String domain, String isolate, long pid, Kind kind, String message) {
        return new DomainEvent(Instant.now(), domain, isolate, pid, kind, message);
    }

    /** One log line: {@code [domain/isolate] KIND pid 123: message}. */
    public String describe() {
        return "[" + domain + (isolate.isEmpty() ? "" : "/" + isolate) + "] " + kind + (pid > 0 ? " pid " + pid : "")
                + (message.isEmpty() ? "" : ": " + message);
    }
}
