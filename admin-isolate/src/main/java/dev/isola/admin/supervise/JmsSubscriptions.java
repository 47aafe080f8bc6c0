package dev.isola.admin.supervise;

import dev.isola.domains.control.JmsQueueContents;
import dev.isola.domains.control.JmsSubscription;
import dev.isola.domains.events.DomainEvent;

import java.util.List;

/**
 * What operators do to the durable subscriptions of a domain's JMS topics, where a topic's
 * messages wait: list them with what waits in each, list one's waiting messages, and purge them,
 * with the semantics of {@link JmsQueues} (memory and store, in-flight messages left to the
 * consumer, everything put back if the store refuses, a {@code JMS_PURGED} event). A subscription
 * is named by its id: {@code clientId:name}, or {@code name} for one without a client id.
 *
 * <pre>{@code
 * JmsSubscriptions.Listing subscriptions = domain.jmsSubscriptions().list("prices");
 * JmsQueues.Listing waiting = domain.jmsSubscriptions().browse("prices", "app:audit", 50);   // not consumed
 * JmsQueues.Purge purge = domain.jmsSubscriptions().purge("prices", "app:audit");           // the subscription stays
 * }</pre>
 */
public final class JmsSubscriptions {

    private final DomainRuntime domain;

    JmsSubscriptions(DomainRuntime domain) {
        this.domain = domain;
    }

    /**
     * What {@link #list} read.
     *
     * @param isolate       the isolate whose JMS sub-server holds the topic
     * @param subscriptions the topic's durable subscriptions, sorted by id
     */
    public record Listing(String isolate, List<JmsSubscription> subscriptions) {
    }

    /**
     * The durable subscriptions of {@code topic} with what waits in each.
     *
     * @throws DomainOperationException NOT_FOUND (no such topic) or INVALID (a queue), each naming the domain's queues and
     *                                  topics; CONFLICT if the domain does not run or its isolate runs an earlier build
     *                                  without the operation; FAILED if the isolate did not answer
     */
    public Listing list(String topic) {
        MemberRuntime host = domain.jmsHost("list the durable subscriptions of JMS topic " + topic + " of");
        List<JmsSubscription> subscriptions = IsolateCall.call(domain, host, "list durable subscriptions", JmsQueues.LIST_TIMEOUT,
                () -> host.control().control().jmsSubscriptions(topic));
        return new Listing(host.member().isolateName(domain.name()), subscriptions);
    }

    /**
     * The first {@code max} messages waiting in durable subscription {@code subscription} of
     * {@code topic}, in delivery order, not consumed.
     *
     * @throws DomainOperationException as {@link #list} does; NOT_FOUND also for an unknown subscription, naming those
     *                                  there are
     */
    public JmsQueues.Listing browse(String topic, String subscription, int max) {
        MemberRuntime host = domain.jmsHost("browse durable subscription " + subscription + " of JMS topic " + topic + " of");
        JmsQueueContents contents = IsolateCall.call(domain, host, "browse durable subscriptions", JmsQueues.LIST_TIMEOUT,
                () -> host.control().control().jmsSubscription(topic, subscription, max));
        return new JmsQueues.Listing(host.member().isolateName(domain.name()), contents);
    }

    /**
     * Removes every message waiting in durable subscription {@code subscription} of {@code topic},
     * also from the JMS store; messages in flight stay with the consumer, the subscription stays.
     * Recorded as a {@link DomainEvent.Kind#JMS_PURGED} event naming the subscription, and counted
     * in {@link DomainRuntime#purgedMessages()}.
     *
     * @throws DomainOperationException as {@link #browse} does; FAILED also if the store could not remove them (nothing was)
     */
    public JmsQueues.Purge purge(String topic, String subscription) {
        MemberRuntime host = domain.jmsHost("purge durable subscription " + subscription + " of JMS topic " + topic + " of");
        int removed = IsolateCall.call(domain, host, "purge durable subscriptions", JmsQueues.PURGE_TIMEOUT,
                () -> host.control().control().purgeJmsSubscription(topic, subscription));
        String isolate = host.member().isolateName(domain.name());
        domain.purgedMessages().add(PurgedMessages.Source.subscription(topic, subscription), removed);
        domain.record(isolate, host.isolate().pid(), DomainEvent.Kind.JMS_PURGED, "purged " + removed + " message(s) from durable subscription "
                + subscription + " of topic " + topic);
        return new JmsQueues.Purge(isolate, removed);
    }
}
