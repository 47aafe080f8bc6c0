package dev.isola.appserver.jms.broker;

import dev.isola.appserver.jms.protocol.Delivery;
import dev.isola.appserver.jms.protocol.DestinationRef;
import dev.isola.appserver.jms.protocol.MessageCodec;
import dev.isola.appserver.jms.protocol.MessageData;
import dev.isola.appserver.jms.selector.Selector;
import dev.isola.appserver.jms.store.StoreOperation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An ordered queue of messages with its consumers: a queue destination, or the queue of one
 * topic subscription. It hands each message to one consumer, in priority then send order,
 * holds delayed messages until their delivery time, drops expired ones, and takes back
 * messages that were not acknowledged (moving them to the dead-letter queue after the
 * maximum number of delivery attempts).
 *
 * <p>Invariant that keeps dispatch cheap: no ready message matches a consumer that has
 * demand. So a message that becomes ready is only matched against consumers, and a consumer
 * that gains demand is only matched against ready messages.
 *
 * <p>All state is guarded by one lock. Store operations on one entry are submitted under
 * that lock, so the store sees them in the order they happened; work that touches another
 * queue or a client runs after the lock is released.
 */
final class MessageQueue {

    /** A message moved to a dead-letter queue names its origin and the reason in these properties. */
    static final String ORIGINAL_DESTINATION = "JMS_Isola_OriginalDestination";
    static final String DEAD_LETTER_REASON = "JMS_Isola_DeadLetterReason";

    final String description;
    final DestinationRef address;
    /** The queue's key in the store, or null if nothing of it is stored (temporary, non-durable). */
    final String storeKey;
    private final Broker broker;
    /** Replaced when a redeployed application declares the destination with other settings. */
    private volatile RedeliveryPolicy policy;

    private final ReentrantLock lock = new ReentrantLock();
    private final TreeMap<Long, QueueEntry> ready = new TreeMap<>();
    private final TreeSet<QueueEntry> scheduled = new TreeSet<>(
            Comparator.comparingLong((QueueEntry e) -> e.message.deliveryTime()).thenComparingLong(e -> e.sequence));
    private ScheduledFuture<?> wakeup;
    private long wakeupAt = Long.MAX_VALUE;
    private final List<BrokerConsumer> consumers = new ArrayList<>();
    private int nextConsumer;
    private int inFlight;
    private boolean dropped;
    private long enqueued;
    private long acknowledged;
    private long expired;
    private long deadLettered;

    MessageQueue(Broker broker, String description, DestinationRef address, String storeKey, RedeliveryPolicy policy) {
        this.broker = broker;
        this.description = description;
        this.address = address;
        this.storeKey = storeKey;
        this.policy = policy;
    }

    RedeliveryPolicy policy() {
        return policy;
    }

    void policy(RedeliveryPolicy policy) {
        this.policy = policy;
    }

    /**
     * Hand-outs decided under the lock, sent after it. A pushed delivery already holds its
     * place in the consumer's outbound queue (taken under the lock), so two threads sending
     * their hand-outs at once cannot swap them.
     */
    private record HandOut(BrokerConsumer consumer, Delivery delivery, CompletableFuture<Void> durable,
                           CompletableFuture<Delivery> pull) {
    }

    private final class Work {
        final List<HandOut> handOuts = new ArrayList<>();
        final List<Runnable> after = new ArrayList<>();

        void run() {
            for (HandOut h : handOuts) {
                if (h.pull() != null) {
                    h.durable().whenComplete((ok, failure) -> h.pull().complete(h.delivery()));
                } else {
                    h.consumer().sendWhenDurable(h.durable());
                }
            }
            after.forEach(Runnable::run);
        }
    }

    // ---- messages in ---------------------------------------------------------------------

    /** A message arrives (sent, recovered, or moved here from another queue). */
    void enqueue(QueueEntry entry) {
        Work work = new Work();
        lock.lock();
        try {
            if (dropped) {
                return;
            }
            enqueued++;
            offer(entry, work);
        } finally {
            lock.unlock();
        }
        work.run();
    }

    private void offer(QueueEntry entry, Work work) {
        long now = System.currentTimeMillis();
        if (entry.message.deliveryTime() > now) {
            scheduled.add(entry);
            scheduleWakeup(entry.message.deliveryTime());
            return;
        }
        if (entry.message.expiredAt(now)) {
            expire(entry);
            return;
        }
        BrokerConsumer consumer = choose(entry);
        if (consumer == null) {
            ready.put(entry.position(), entry);
        } else {
            handOut(entry, consumer, work);
        }
    }

    private void scheduleWakeup(long at) {
        if (at >= wakeupAt) {
            return;
        }
        if (wakeup != null) {
            wakeup.cancel(false);
        }
        wakeupAt = at;
        wakeup = broker.timer().schedule(this::releaseScheduled, Math.max(0, at - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
    }

    private void releaseScheduled() {
        Work work = new Work();
        lock.lock();
        try {
            wakeup = null;
            wakeupAt = Long.MAX_VALUE;
            long now = System.currentTimeMillis();
            while (!scheduled.isEmpty() && scheduled.first().message.deliveryTime() <= now) {
                offer(scheduled.pollFirst(), work);
            }
            if (!scheduled.isEmpty()) {
                scheduleWakeup(scheduled.first().message.deliveryTime());
            }
        } finally {
            lock.unlock();
        }
        work.run();
    }

    private void expire(QueueEntry entry) {
        expired++;
        if (entry.stored) {
            broker.store().apply(List.of(new StoreOperation.RemoveMessage(storeKey, entry.sequence)));
        }
    }

    // ---- consumers -------------------------------------------------------------------------

    void addConsumer(BrokerConsumer consumer) {
        lock.lock();
        try {
            consumers.add(consumer);
        } finally {
            lock.unlock();
        }
    }

    /** Removes a consumer; a pull it had waiting ends with no message. */
    void removeConsumer(BrokerConsumer consumer) {
        CompletableFuture<Delivery> pull;
        lock.lock();
        try {
            consumer.closed = true;
            consumers.remove(consumer);
            pull = takePull(consumer);
        } finally {
            lock.unlock();
        }
        if (pull != null) {
            pull.complete(null);
        }
    }

    int consumerCount() {
        lock.lock();
        try {
            return consumers.size();
        } finally {
            lock.unlock();
        }
    }

    void grantCredit(BrokerConsumer consumer, int credit) {
        Work work = new Work();
        lock.lock();
        try {
            if (consumer.closed) {
                return;
            }
            consumer.credit += credit;
            fill(consumer, work);
        } finally {
            lock.unlock();
        }
        work.run();
    }

    void revokeCredit(BrokerConsumer consumer) {
        lock.lock();
        try {
            consumer.credit = 0;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Completes {@code result} with the next message for {@code consumer}: at once if one is
     * ready, else when one arrives; with null when the timeout passes ({@code < 0}: do not
     * wait; {@code 0}: wait until cancelled).
     */
    void pull(BrokerConsumer consumer, long timeoutMillis, CompletableFuture<Delivery> result) {
        Work work = new Work();
        boolean none = false;
        lock.lock();
        try {
            if (consumer.closed || consumer.pull != null) {
                none = true;
            } else {
                consumer.pull = result;
                fill(consumer, work);
                if (consumer.pull == result) {
                    if (timeoutMillis < 0) {
                        consumer.pull = null;
                        none = true;
                    } else if (timeoutMillis > 0) {
                        consumer.pullTimeout = broker.timer().schedule(() -> cancelPull(consumer, result), timeoutMillis, TimeUnit.MILLISECONDS);
                    }
                }
            }
        } finally {
            lock.unlock();
        }
        if (none) {
            result.complete(null);
        }
        work.run();
    }

    /** Ends a waiting pull with no message (unless it was given one in the meantime). */
    void cancelPull(BrokerConsumer consumer, CompletableFuture<Delivery> which) {
        CompletableFuture<Delivery> pull = null;
        lock.lock();
        try {
            if (consumer.pull != null && (which == null || consumer.pull == which)) {
                pull = takePull(consumer);
            }
        } finally {
            lock.unlock();
        }
        if (pull != null) {
            pull.complete(null);
        }
    }

    private CompletableFuture<Delivery> takePull(BrokerConsumer consumer) {
        CompletableFuture<Delivery> pull = consumer.pull;
        consumer.pull = null;
        if (consumer.pullTimeout != null) {
            consumer.pullTimeout.cancel(false);
            consumer.pullTimeout = null;
        }
        return pull;
    }

    // ---- dispatch --------------------------------------------------------------------------

    /** The next consumer, round robin, that wants {@code entry} and may take one now. */
    private BrokerConsumer choose(QueueEntry entry) {
        int n = consumers.size();
        for (int i = 0; i < n; i++) {
            int index = (nextConsumer + i) % n;
            BrokerConsumer c = consumers.get(index);
            if (c.demand() > 0 && wants(c, entry)) {
                nextConsumer = index + 1;
                return c;
            }
        }
        return null;
    }

    private static boolean wants(BrokerConsumer consumer, QueueEntry entry) {
        return consumer.selector == null || consumer.selector.matches(new MessageSelectorContext(entry.message, entry.deliveries + 1));
    }

    /** Gives {@code consumer} ready messages it selects, up to its demand. */
    private void fill(BrokerConsumer consumer, Work work) {
        long now = System.currentTimeMillis();
        Iterator<QueueEntry> it = ready.values().iterator();
        while (consumer.demand() > 0 && it.hasNext()) {
            QueueEntry entry = it.next();
            if (entry.message.expiredAt(now)) {
                it.remove();
                expire(entry);
            } else if (wants(consumer, entry)) {
                it.remove();
                handOut(entry, consumer, work);
            }
        }
    }

    private void handOut(QueueEntry entry, BrokerConsumer consumer, Work work) {
        entry.deliveries++;
        inFlight++;
        long tag = consumer.connection.registerInFlight(this, entry);
        Delivery delivery = new Delivery(consumer.id, tag, entry.message, entry.deliveries);
        CompletableFuture<Void> durable = entry.stored
                ? broker.store().apply(List.of(new StoreOperation.SetDeliveries(storeKey, entry.sequence, entry.deliveries)))
                : CompletableFuture.completedFuture(null);
        CompletableFuture<Delivery> pull = null;
        if (consumer.pull != null) {
            pull = takePull(consumer);
        } else {
            consumer.credit--;
            consumer.queueForSending(delivery, durable);
        }
        work.handOuts.add(new HandOut(consumer, delivery, durable, pull));
    }

    // ---- after a hand-out ------------------------------------------------------------------

    /** The consumer's connection acknowledged {@code entry}; returns the store operation to remove it, or null. */
    StoreOperation acknowledge(QueueEntry entry) {
        lock.lock();
        try {
            inFlight--;
            acknowledged++;
            return entry.stored ? new StoreOperation.RemoveMessage(storeKey, entry.sequence) : null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes back a message that was handed out and not acknowledged. {@code seen} means the
     * application had it (a delivery attempt that failed); otherwise it goes back as if it
     * had never been handed out.
     */
    void release(QueueEntry entry, boolean seen) {
        Work work = new Work();
        lock.lock();
        try {
            inFlight--;
            if (!seen) {
                entry.deliveries--;
                if (entry.stored) {
                    broker.store().apply(List.of(new StoreOperation.SetDeliveries(storeKey, entry.sequence, entry.deliveries)));
                }
            }
            if (dropped) {
                return;
            }
            int maxDeliveryAttempts = policy.maxDeliveryAttempts();
            if (seen && maxDeliveryAttempts > 0 && entry.deliveries >= maxDeliveryAttempts) {
                deadLetter(entry, work);
            } else {
                offer(entry, work);
            }
        } finally {
            lock.unlock();
        }
        work.run();
    }

    private void deadLetter(QueueEntry entry, Work work) {
        RedeliveryPolicy current = policy;
        String deadLetterQueue = current.deadLetterQueue();
        MessageQueue target = broker.deadLetterQueue(deadLetterQueue);
        if (target == null || target == this) {
            offer(entry, work);
            return;
        }
        deadLettered++;
        MessageData moved = entry.message.redirectedTo(target.address, Map.of(
                ORIGINAL_DESTINATION, address.name(),
                DEAD_LETTER_REASON, "delivered " + entry.deliveries + " times without acknowledgement; " + description
                        + " allows " + current.maxDeliveryAttempts()));
        boolean storeInTarget = moved.persistent() && target.storeKey != null;
        QueueEntry copy = new QueueEntry(broker.nextSequence(), moved, storeInTarget, 0);
        List<StoreOperation> batch = new ArrayList<>(2);
        if (entry.stored) {
            batch.add(new StoreOperation.RemoveMessage(storeKey, entry.sequence));
        }
        if (storeInTarget) {
            batch.add(new StoreOperation.AddMessage(target.storeKey, copy.sequence, 0, MessageCodec.encode(moved)));
        }
        CompletableFuture<Void> durable = broker.store().apply(batch);
        work.after.add(() -> durable.whenComplete((ok, failure) -> {
            if (failure == null) {
                target.enqueue(copy);
            } else {
                broker.log().log(System.Logger.Level.WARNING, "moving message " + entry.message.messageId() + " from " + description
                        + " to dead-letter queue '" + deadLetterQueue + "' failed, it stays where it was: " + failure.getMessage());
                enqueue(entry);
            }
        }));
    }

    // ---- inspection and end ----------------------------------------------------------------

    /** One page of ready messages after {@code afterPosition}, in delivery order. */
    BrowsePage browse(Selector selector, long afterPosition, int max) {
        lock.lock();
        try {
            List<MessageData> page = new ArrayList<>();
            long last = afterPosition;
            long now = System.currentTimeMillis();
            Iterator<QueueEntry> it = ready.tailMap(afterPosition, false).values().iterator();
            while (page.size() < max && it.hasNext()) {
                QueueEntry entry = it.next();
                last = entry.position();
                if (!entry.message.expiredAt(now)
                        && Selector.selects(selector, new MessageSelectorContext(entry.message, entry.deliveries + 1))) {
                    page.add(entry.message);
                }
            }
            return new BrowsePage(page, last, !it.hasNext());
        } finally {
            lock.unlock();
        }
    }

    record BrowsePage(List<MessageData> messages, long lastPosition, boolean exhausted) {
    }

    /**
     * The first {@code max} waiting messages for an operator, in delivery order (ready ones, then
     * delayed ones by delivery time), with the depth. Expired messages it reaches are dropped, as
     * dispatch would drop them, so that they are neither listed nor counted.
     */
    QueueContents contents(int max) {
        lock.lock();
        try {
            List<QueueContents.Message> listed = new ArrayList<>();
            long now = System.currentTimeMillis();
            Iterator<QueueEntry> it = ready.values().iterator();
            while (listed.size() < max && it.hasNext()) {
                QueueEntry entry = it.next();
                if (entry.message.expiredAt(now)) {
                    it.remove();
                    expire(entry);
                } else {
                    listed.add(new QueueContents.Message(entry.message, entry.deliveries));
                }
            }
            for (Iterator<QueueEntry> delayed = scheduled.iterator(); listed.size() < max && delayed.hasNext(); ) {
                QueueEntry entry = delayed.next();
                listed.add(new QueueContents.Message(entry.message, entry.deliveries));
            }
            return new QueueContents(address.name(), ready.size() + scheduled.size(), inFlight, listed);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Removes every waiting message, ready and delayed, from memory and from the store. Messages in
     * flight stay: they belong to a consumer's session, which acknowledges or gives them back.
     *
     * @return completes with how many were removed once the store has forgotten them; if the store
     *         fails, the messages are back in the queue where they were and it completes with the failure
     */
    CompletableFuture<Integer> purge() {
        List<QueueEntry> removed;
        CompletableFuture<Void> durable;
        lock.lock();
        try {
            removed = new ArrayList<>(ready.values());
            removed.addAll(scheduled);
            ready.clear();
            scheduled.clear();
            if (wakeup != null) {
                wakeup.cancel(false);
                wakeup = null;
                wakeupAt = Long.MAX_VALUE;
            }
            List<StoreOperation> batch = new ArrayList<>();
            for (QueueEntry entry : removed) {
                if (entry.stored) {
                    batch.add(new StoreOperation.RemoveMessage(storeKey, entry.sequence));
                }
            }
            // Submitted under the lock, as every store operation on an entry is, so the store sees them in order.
            durable = broker.store().apply(batch);
        } finally {
            lock.unlock();
        }
        return durable.handle((ok, failure) -> {
            if (failure != null) {
                restore(removed);
                throw failure instanceof CompletionException c ? c : new CompletionException(failure);
            }
            return removed.size();
        });
    }

    /** Puts back messages a purge took out, as they were: neither counted as enqueued again nor redelivered. */
    private void restore(List<QueueEntry> entries) {
        Work work = new Work();
        lock.lock();
        try {
            if (dropped) {
                return;
            }
            entries.forEach(entry -> offer(entry, work));
        } finally {
            lock.unlock();
        }
        work.run();
    }

    /** Counts for the admin console. */
    record Counts(int depth, int inFlight, int consumers, long enqueued, long acknowledged, long expired, long deadLettered) {
    }

    Counts counts() {
        lock.lock();
        try {
            return new Counts(ready.size() + scheduled.size(), inFlight, consumers.size(), enqueued, acknowledged, expired, deadLettered);
        } finally {
            lock.unlock();
        }
    }

    /** The queue goes away (a non-durable subscription ended, a temporary queue was deleted); nothing of it is stored. */
    void drop() {
        List<CompletableFuture<Delivery>> pulls = new ArrayList<>();
        lock.lock();
        try {
            dropped = true;
            ready.clear();
            scheduled.clear();
            if (wakeup != null) {
                wakeup.cancel(false);
            }
            for (BrokerConsumer c : consumers) {
                c.closed = true;
                CompletableFuture<Delivery> pull = takePull(c);
                if (pull != null) {
                    pulls.add(pull);
                }
            }
            consumers.clear();
        } finally {
            lock.unlock();
        }
        pulls.forEach(p -> p.complete(null));
    }

    @Override
    public String toString() {
        return description;
    }
}
