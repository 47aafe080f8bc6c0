package dev.isola.appserver.jms.broker;

import dev.isola.appserver.jms.protocol.BrokerEvent;
import dev.isola.appserver.jms.protocol.Delivery;
import dev.isola.appserver.jms.selector.Selector;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;

/**
 * The broker's view of one consumer: which queue it takes from, what it selects, and how
 * much it may be given (pushed credit for a listener, or one waiting pull).
 */
final class BrokerConsumer {

    final long id;
    final ClientConnection connection;
    final MessageQueue queue;
    /** Only queue consumers select per consumer; a subscription selects for all its consumers. */
    final Selector selector;
    /** The topic subscription it consumes from, or null for a queue consumer. */
    final Subscription subscription;

    // Guarded by the queue's lock.
    int credit;
    CompletableFuture<Delivery> pull;
    ScheduledFuture<?> pullTimeout;
    boolean closed;

    private final ArrayDeque<Outbound> outbound = new ArrayDeque<>();
    /** Guarded by {@code outbound}: a thread is sending from it. */
    private boolean sending;

    private record Outbound(Delivery delivery, CompletableFuture<Void> durable) {
    }

    BrokerConsumer(long id, ClientConnection connection, MessageQueue queue, Selector selector, Subscription subscription) {
        this.id = id;
        this.connection = connection;
        this.queue = queue;
        this.selector = selector;
        this.subscription = subscription;
    }

    /** How many more messages it may be handed now. Called under the queue's lock. */
    int demand() {
        return closed ? 0 : credit + (pull != null ? 1 : 0);
    }

    /**
     * Queues a pushed delivery behind those handed out before it. Called under the queue's
     * lock, so the outbound order is the hand-out order; the sending happens after the lock,
     * in {@link #sendWhenDurable}.
     */
    void queueForSending(Delivery delivery, CompletableFuture<Void> durable) {
        synchronized (outbound) {
            outbound.add(new Outbound(delivery, durable));
        }
    }

    /**
     * Sends the queued deliveries whose delivery count is on disk, in queue order, whatever
     * order the store completes them in: now if {@code durable} is done, else when it is.
     */
    void sendWhenDurable(CompletableFuture<Void> durable) {
        if (durable.isDone()) {
            flush();
        } else {
            durable.whenComplete((ok, failure) -> flush());
        }
    }

    /**
     * Sends the deliveries at the head of the queue whose delivery count is on disk. One thread
     * sends at a time, which keeps the order, and it sends without holding the queue's monitor:
     * a delivery that reaches a consumer the client has just closed is released at once, which
     * takes the message queue's lock, and a thread holding that lock may be waiting to queue a
     * delivery here. A thread that finds another one sending leaves its deliveries to it.
     */
    private void flush() {
        synchronized (outbound) {
            if (sending) {
                return;
            }
            sending = true;
        }
        try {
            while (true) {
                Outbound next;
                synchronized (outbound) {
                    if (outbound.isEmpty() || !outbound.peek().durable().isDone()) {
                        // Cleared in the same critical section as the last look, so that a delivery
                        // queued after it finds no sender and sends itself.
                        sending = false;
                        return;
                    }
                    next = outbound.poll();
                }
                connection.send(new BrokerEvent.Deliver(next.delivery()));
            }
        } catch (RuntimeException | Error e) {
            synchronized (outbound) {
                sending = false;
            }
            throw e;
        }
    }
}
