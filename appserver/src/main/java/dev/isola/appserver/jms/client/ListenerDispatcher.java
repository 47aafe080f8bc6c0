package dev.isola.appserver.jms.client;

import dev.isola.appserver.jms.message.IsolaMessage;
import dev.isola.appserver.jms.protocol.BrokerCommand;
import dev.isola.appserver.jms.protocol.Delivery;
import jakarta.jms.JMSException;
import jakarta.jms.MessageListener;
import jakarta.jms.Session;

import java.util.List;

/**
 * Calls the message listeners of one session, one message at a time, on one thread (a
 * session is single-threaded). It runs while the connection is started and stops with the
 * session.
 */
final class ListenerDispatcher {

    private static final System.Logger LOG = System.getLogger(ListenerDispatcher.class.getName());

    private final IsolaSession session;
    // Guarded by session.lock.
    private Thread thread;
    private IsolaConsumer running;
    private int nextConsumer;

    ListenerDispatcher(IsolaSession session) {
        this.session = session;
    }

    void ensureRunning() {
        session.lock.lock();
        try {
            if (thread == null && !session.isClosed()) {
                thread = Thread.ofVirtual().name("jms-session-listener").start(this::loop);
            }
        } finally {
            session.lock.unlock();
        }
    }

    boolean isListenerThread() {
        session.lock.lock();
        try {
            return thread != null && Thread.currentThread() == thread;
        } finally {
            session.lock.unlock();
        }
    }

    /** Returns when no listener of this session is running. */
    void awaitIdle() {
        session.lock.lock();
        try {
            while (running != null && Thread.currentThread() != thread) {
                session.changed.awaitUninterruptibly();
            }
        } finally {
            session.lock.unlock();
        }
    }

    /** Returns when {@code consumer}'s listener is not running. */
    void awaitNotRunning(IsolaConsumer consumer) {
        session.lock.lock();
        try {
            while (running == consumer) {
                session.changed.awaitUninterruptibly();
            }
        } finally {
            session.lock.unlock();
        }
    }

    void stop() {
        Thread t;
        session.lock.lock();
        try {
            t = thread;
            session.changed.signalAll();
        } finally {
            session.lock.unlock();
        }
        if (t != null && t != Thread.currentThread()) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void loop() {
        while (true) {
            IsolaConsumer consumer;
            Delivery delivery;
            MessageListener listener;
            session.lock.lock();
            try {
                while (true) {
                    if (session.isClosed() || session.connection().lostReason() != null) {
                        return;
                    }
                    if (session.connection().started()) {
                        consumer = nextReady();
                        if (consumer != null) {
                            break;
                        }
                    }
                    session.lock.unlock();
                    try {
                        session.flushLazyAcknowledgements();
                    } finally {
                        session.lock.lock();
                    }
                    if (session.isClosed() || (session.connection().started() && hasReady())) {
                        continue;
                    }
                    session.changed.awaitUninterruptibly();
                }
                delivery = consumer.pollForListener();
                listener = consumer.listenerUnderLock();
                running = consumer;
            } finally {
                session.lock.unlock();
            }
            try {
                deliver(consumer, delivery, listener);
            } finally {
                session.lock.lock();
                try {
                    running = null;
                    session.changed.signalAll();
                } finally {
                    session.lock.unlock();
                }
            }
        }
    }

    private boolean hasReady() {
        return session.consumersUnderLock().stream().anyMatch(c -> c.listening() && c.hasBuffered());
    }

    private IsolaConsumer nextReady() {
        List<IsolaConsumer> consumers = session.consumersUnderLock();
        int n = consumers.size();
        for (int i = 0; i < n; i++) {
            IsolaConsumer c = consumers.get((nextConsumer + i) % n);
            if (c.listening() && c.hasBuffered()) {
                nextConsumer = (nextConsumer + i + 1) % n;
                return c;
            }
        }
        return null;
    }

    private void deliver(IsolaConsumer consumer, Delivery delivery, MessageListener listener) {
        IsolaConnection connection = session.connection();
        try {
            session.awaitListenerAcknowledgement();
        } catch (JMSException e) {
            LOG.log(System.Logger.Level.WARNING, "acknowledging the previous message failed: " + e.getMessage());
        }
        if (delivery.message().expiredAt(System.currentTimeMillis())) {
            connection.post(new BrokerCommand.Acknowledge(List.of(delivery.tag()), false));
            consumer.creditUsed();
            return;
        }
        IsolaMessage message = session.messageFor(delivery);
        boolean acknowledgesAfter = session.mode() == Session.AUTO_ACKNOWLEDGE || session.mode() == Session.DUPS_OK_ACKNOWLEDGE;
        if (!acknowledgesAfter) {
            // In client-acknowledge and transacted sessions the message counts as consumed when the
            // listener gets it, so acknowledge() or commit() inside onMessage include it.
            session.consumed(delivery, true);
        }
        try {
            listener.onMessage(message);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "message listener " + listener.getClass().getName() + " failed on message "
                    + delivery.message().messageId() + ": " + e);
            if (acknowledgesAfter) {
                // Redelivered at once, counting as a failed attempt (section 8.7 of the specification).
                connection.post(new BrokerCommand.Release(List.of(delivery.tag()), List.of()));
                consumer.creditUsed();
                return;
            }
        }
        if (acknowledgesAfter) {
            session.consumed(delivery, true);
        }
        consumer.creditUsed();
    }
}
