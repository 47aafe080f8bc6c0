package dev.isola.appserver.jms.broker;

import java.util.List;

/**
 * What a domain's operators do to the messages waiting in its broker: list a queue's or a
 * durable subscription's without consuming them, and purge them. The {@link Broker} does it; the
 * layers between it and the domain isolate's control listener hand this on whole rather than
 * forwarding each operation.
 */
public interface MessageAdministration {

    /**
     * The first {@code max} messages waiting in queue {@code queue}, in delivery order, not consumed; in-flight ones are
     * counted, not listed.
     *
     * @throws NoSuchQueueException     if no queue of that name is declared (a topic of that name is said to be one)
     * @throws IllegalArgumentException if {@code max} is not positive
     */
    QueueContents queueContents(String queue, int max);

    /**
     * Removes every message waiting in queue {@code queue}, from memory and the store; in-flight ones stay with their consumers.
     *
     * @return how many were removed
     * @throws NoSuchQueueException                         if no queue of that name is declared
     * @throws dev.isola.appserver.jms.store.StoreException if the store could not remove them (they are all back)
     */
    int purgeQueue(String queue);

    /**
     * The durable subscriptions of topic {@code topic} with what waits in each, sorted by id.
     *
     * @throws NoSuchTopicException if no topic of that name is declared
     */
    List<DurableSubscriptionStats> durableSubscriptions(String topic);

    /**
     * The first {@code max} messages waiting in durable subscription {@code subscription} ({@code clientId:name}, or
     * {@code name}) of topic {@code topic}, in delivery order, not consumed.
     *
     * @throws NoSuchTopicException        if no topic of that name is declared
     * @throws NoSuchSubscriptionException if the topic has no durable subscription of that id
     * @throws IllegalArgumentException    if {@code max} is not positive, or the id fits several subscriptions
     */
    QueueContents subscriptionContents(String topic, String subscription, int max);

    /**
     * Removes every message waiting in durable subscription {@code subscription} of topic {@code topic}, as
     * {@link #purgeQueue} does for a queue; the subscription stays.
     *
     * @return how many were removed
     * @throws NoSuchTopicException        if no topic of that name is declared
     * @throws NoSuchSubscriptionException if the topic has no durable subscription of that id
     * @throws IllegalArgumentException    if the id fits several subscriptions
     */
    int purgeSubscription(String topic, String subscription);
}
