package dev.isola.appserver.jms.broker;

import dev.isola.appserver.jms.protocol.MessageData;

/**
 * A message in one queue (a queue, or a subscription's queue). The same message published
 * to a topic has one entry per subscription.
 */
final class QueueEntry {

    final long sequence;
    final MessageData message;
    /** Whether this entry is in the store (persistent message in a queue that has a store key). */
    final boolean stored;
    /** How often it was handed to a consumer; recorded in the store before each hand-out. */
    int deliveries;

    QueueEntry(long sequence, MessageData message, boolean stored, int deliveries) {
        this.sequence = sequence;
        this.message = message;
        this.stored = stored;
        this.deliveries = deliveries;
    }

    /** Delivery order: higher priority first, then in sequence (send order). */
    long position() {
        return ((long) (9 - message.priority()) << 56) | sequence;
    }
}
