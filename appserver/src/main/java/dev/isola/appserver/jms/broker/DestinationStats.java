package dev.isola.appserver.jms.broker;

import dev.isola.appserver.jms.config.DestinationType;

import java.util.List;

/**
 * What the admin console shows for one destination. For a topic, the counts are summed over
 * its subscriptions.
 *
 * @param depth         messages waiting (including delayed ones)
 * @param inFlight      messages handed out and not yet acknowledged
 * @param consumers     open consumers
 * @param subscriptions a topic's subscriptions (0 for queues)
 * @param enqueued      messages that arrived since the broker started
 * @param acknowledged  messages consumed since the broker started
 * @param expired       messages dropped because their time to live ran out
 * @param deadLettered  messages moved from here to a dead-letter queue
 */
public record DestinationStats(String name, DestinationType type, int depth, int inFlight, int consumers, int subscriptions,
                               long enqueued, long acknowledged, long expired, long deadLettered) {

    static DestinationStats of(String name, DestinationType type, List<MessageQueue.Counts> counts, int subscriptions) {
        int depth = 0;
        int inFlight = 0;
        int consumers = 0;
        long enqueued = 0;
        long acknowledged = 0;
        long expired = 0;
        long deadLettered = 0;
        for (MessageQueue.Counts c : counts) {
            depth += c.depth();
            inFlight += c.inFlight();
            consumers += c.consumers();
            enqueued += c.enqueued();
            acknowledged += c.acknowledged();
            expired += c.expired();
            deadLettered += c.deadLettered();
        }
        return new DestinationStats(name, type, depth, inFlight, consumers, subscriptions, enqueued, acknowledged, expired, deadLettered);
    }
}
