package dev.isola.appserver.jms.broker;

import dev.isola.appserver.jms.protocol.MessageData;

import java.util.List;

/**
 * What an operator sees of one queue: the messages waiting in it, as they are, without
 * consuming them (what GlassFish's {@code list-jmsdest} and WildFly's {@code list-messages}
 * give). Messages delivered to a consumer and not yet acknowledged are in flight: they belong to
 * that consumer's session and are counted, not listed.
 *
 * @param queue    the queue's name
 * @param depth    messages waiting, ready and delayed (more than listed when the listing was cut short)
 * @param inFlight messages delivered and not yet acknowledged
 * @param messages the first waiting messages in delivery order: those ready (by priority, then as sent), then those
 *                 delayed, by their delivery time
 */
public record QueueContents(String queue, int depth, int inFlight, List<Message> messages) {

    public QueueContents {
        messages = List.copyOf(messages);
    }

    /**
     * One waiting message.
     *
     * @param data       the message as the broker holds it
     * @param deliveries how often it was handed to a consumer and taken back unacknowledged
     */
    public record Message(MessageData data, int deliveries) {

        /** Its next delivery is a redelivery (the consumer sees {@code JMSRedelivered}). */
        public boolean redelivered() {
            return deliveries > 0;
        }
    }
}
