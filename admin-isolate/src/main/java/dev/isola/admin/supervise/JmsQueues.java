package dev.isola.admin.supervise;

import dev.isola.domains.control.JmsQueueContents;
import dev.isola.domains.events.DomainEvent;

import java.time.Duration;

/**
 * What operators do to a domain's JMS queues: list the messages waiting in one, and purge them
 * (GlassFish's {@code list-jmsdest}/{@code flush-jmsdest}, WildFly's {@code list-messages}/
 * {@code remove-messages}). A queue lives in the isolate that hosts the JMS sub-server (the
 * combined domain's one, a separated domain's {@code <domain>-jms}), which does the work when
 * asked over its control link; a purge is recorded in the domain's events.
 *
 * <pre>{@code
 * JmsQueues.Listing waiting = domain.jmsQueues().list("orders", 50);   // not consumed
 * JmsQueues.Purge purge = domain.jmsQueues().purge("orders");          // purge.removed() messages gone for good
 * }</pre>
 *
 * <p>Neither holds the domain's lock: the broker makes each atomic by itself, and a purge should
 * not wait behind a deployment that takes minutes.
 */
public final class JmsQueues {

    static final Duration LIST_TIMEOUT = Duration.ofSeconds(30);
    /** A purge waits until the store has removed every message, which for a deep queue takes a while. */
    static final Duration PURGE_TIMEOUT = Duration.ofMinutes(5);

    private final DomainRuntime domain;

    JmsQueues(DomainRuntime domain) {
        this.domain = domain;
    }

    /**
     * What {@link #list} read (and {@link JmsSubscriptions#list} of a durable subscription).
     *
     * @param isolate the isolate whose JMS sub-server holds the queue
     */
    public record Listing(String isolate, JmsQueueContents contents) {
    }

    /**
     * What {@link #purge} did (and {@link JmsSubscriptions#purge} to a durable subscription).
     *
     * @param isolate the isolate whose JMS sub-server holds the queue
     * @param removed how many waiting messages it removed
     */
    public record Purge(String isolate, int removed) {
    }

    /**
     * The first {@code max} messages waiting in {@code queue}, in delivery order, not consumed.
     *
     * @throws DomainOperationException NOT_FOUND (no such queue) or INVALID (a topic), each naming the domain's queues and
     *                                  topics; CONFLICT if the domain does not run or its isolate runs an earlier build
     *                                  without the operation; FAILED if the isolate did not answer
     */
    public Listing list(String queue, int max) {
        String what = "browse JMS queue " + queue + " of";
        MemberRuntime host = domain.jmsHost(what);
        JmsQueueContents contents = IsolateCall.call(domain, host, "browse JMS queues", LIST_TIMEOUT,
                () -> host.control().control().jmsQueue(queue, max));
        return new Listing(host.member().isolateName(domain.name()), contents);
    }

    /**
     * Removes every message waiting in {@code queue}, also from the JMS store, so that none comes
     * back after a restart; messages in flight stay with the consumers that hold them. Recorded
     * as a {@link DomainEvent.Kind#JMS_PURGED} event and counted in {@link DomainRuntime#purgedMessages()}.
     *
     * @throws DomainOperationException as {@link #list} does; FAILED also if the store could not remove them (nothing was)
     */
    public Purge purge(String queue) {
        String what = "purge JMS queue " + queue + " of";
        MemberRuntime host = domain.jmsHost(what);
        int removed = IsolateCall.call(domain, host, "purge JMS queues", PURGE_TIMEOUT, () -> host.control().control().purgeJmsQueue(queue));
        String isolate = host.member().isolateName(domain.name());
        domain.purgedMessages().add(PurgedMessages.Source.queue(queue), removed);
        domain.record(isolate, host.isolate().pid(), DomainEvent.Kind.JMS_PURGED, "purged " + removed + " message(s) from queue " + queue);
        return new Purge(isolate, removed);
    }
}
