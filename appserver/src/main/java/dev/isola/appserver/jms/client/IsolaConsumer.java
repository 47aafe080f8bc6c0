package dev.isola.appserver.jms.client;

import dev.isola.appserver.jms.message.IsolaMessage;
import dev.isola.appserver.jms.protocol.BrokerCommand;
import dev.isola.appserver.jms.protocol.BrokerReply;
import dev.isola.appserver.jms.protocol.Delivery;
import jakarta.jms.Destination;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.Queue;
import jakarta.jms.QueueReceiver;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import jakarta.jms.TopicSubscriber;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A consumer. Synchronous {@code receive} pulls one message at a time from the broker, so
 * nothing waits in a consumer that is not receiving; with a {@link MessageListener} the
 * broker pushes up to the factory's prefetch ahead, and the session's dispatcher thread
 * calls the listener.
 */
public final class IsolaConsumer implements QueueReceiver, TopicSubscriber {

    private final IsolaSession session;
    private final long id;
    private final Destination destination;
    private final String selector;
    private final boolean noLocal;

    // Guarded by session.lock.
    private final ArrayDeque<Delivery> buffer = new ArrayDeque<>();
    private MessageListener listener;
    private volatile boolean closed;
    private String closedReason;
    private int consumedSinceGrant;
    private volatile boolean pulling;

    IsolaConsumer(IsolaSession session, long id, Destination destination, String selector, boolean noLocal) {
        this.session = session;
        this.id = id;
        this.destination = destination;
        this.selector = selector;
        this.noLocal = noLocal;
    }

    long id() {
        return id;
    }

    boolean pulling() {
        return pulling;
    }

    /** Called under the session lock. */
    boolean listening() {
        return listener != null && !closed;
    }

    /** Called under the session lock by the dispatcher. */
    Delivery pollForListener() {
        return listening() ? buffer.poll() : null;
    }

    boolean hasBuffered() {
        return !buffer.isEmpty();
    }

    MessageListener listenerUnderLock() {
        return listener;
    }

    /** A pushed delivery arrives; false if the consumer is closed and cannot take it. */
    boolean pushed(Delivery delivery) {
        session.lock.lock();
        try {
            if (closed) {
                return false;
            }
            buffer.add(delivery);
            session.changed.signalAll();
            return true;
        } finally {
            session.lock.unlock();
        }
    }

    /** Empties the buffer (for recover and rollback); called under the session lock. */
    List<Long> drainBuffer() {
        List<Long> tags = new ArrayList<>(buffer.size());
        buffer.forEach(d -> tags.add(d.tag()));
        buffer.clear();
        consumedSinceGrant = 0;
        return tags;
    }

    void closedByBroker(String reason) {
        session.lock.lock();
        try {
            closed = true;
            closedReason = reason;
            session.changed.signalAll();
        } finally {
            session.lock.unlock();
        }
    }

    /** After a listener took a message: more credit once half the window is used. */
    void creditUsed() {
        int grant = 0;
        session.lock.lock();
        try {
            consumedSinceGrant++;
            int window = session.connection().config().prefetch();
            if (consumedSinceGrant >= Math.max(1, window / 2) && listener != null && !closed) {
                grant = consumedSinceGrant;
                consumedSinceGrant = 0;
            }
        } finally {
            session.lock.unlock();
        }
        if (grant > 0) {
            session.connection().post(new BrokerCommand.GrantCredit(id, grant));
        }
    }

    // ---- receiving ---------------------------------------------------------------------------

    @Override
    public Message receive() throws JMSException {
        return receive(0);
    }

    @Override
    public Message receive(long timeout) throws JMSException {
        Delivery delivery = next(timeout <= 0 ? 0 : timeout);
        return delivery == null ? null : consume(delivery);
    }

    @Override
    public Message receiveNoWait() throws JMSException {
        Delivery delivery = next(-1);
        return delivery == null ? null : consume(delivery);
    }

    /** Hands a delivery to the application: builds the message and records it as the session mode wants. */
    IsolaMessage consume(Delivery delivery) {
        IsolaMessage message = session.messageFor(delivery);
        session.consumed(delivery, false);
        return message;
    }

    /**
     * The next delivery: from the buffer, else pulled from the broker. {@code timeout}: 0
     * waits for ever, {@code < 0} does not wait. Null if none came, or the consumer was closed.
     */
    Delivery next(long timeout) throws JMSException {
        long deadline = timeout > 0 ? System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout) : 0;
        IsolaConnection connection = session.connection();
        session.lock.lock();
        try {
            session.checkOpen();
            if (closed) {
                throw new IllegalStateException("the consumer is closed" + (closedReason != null ? ": " + closedReason : ""));
            }
            if (listener != null) {
                throw new IllegalStateException("this consumer has a MessageListener; it cannot also receive synchronously");
            }
        } finally {
            session.lock.unlock();
        }
        while (true) {
            session.lock.lock();
            try {
                while (true) {
                    if (closed || session.isClosed()) {
                        return null;
                    }
                    if (connection.lostReason() != null) {
                        throw new JMSException(connection.lostReason(), "CONNECTION_LOST");
                    }
                    if (connection.started()) {
                        break;
                    }
                    if (timeout < 0) {
                        return null;
                    }
                    if (!awaitChange(deadline)) {
                        return null;
                    }
                }
                Delivery buffered = buffer.poll();
                if (buffered != null) {
                    return buffered;
                }
                pulling = true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw JmsExceptions.wrap("interrupted while receiving", e);
            } finally {
                session.lock.unlock();
            }
            long brokerTimeout = timeout < 0 ? -1 : timeout == 0 ? 0 : Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
            BrokerReply.Pulled pulled;
            try {
                pulled = (BrokerReply.Pulled) connection.call(new BrokerCommand.Pull(id, brokerTimeout, session.takePendingAutoAck()));
            } catch (JMSException e) {
                if (closed || session.isClosed()) {
                    // Closed by another thread while this pull was on its way: receive ends with null.
                    return null;
                }
                throw e;
            } finally {
                pulling = false;
            }
            Delivery delivery = pulled.delivery();
            if (delivery != null) {
                if (connection.started() && !closed) {
                    return delivery;
                }
                // Stopped (or closed) while the pull was under way: keep it for later, or give it back.
                if (!pushed(delivery)) {
                    connection.post(new BrokerCommand.Release(List.of(), List.of(delivery.tag())));
                    return null;
                }
                continue;
            }
            if (timeout < 0) {
                session.flushLazyAcknowledgements();
                return null;
            }
            if (timeout > 0 && System.nanoTime() - deadline >= 0) {
                session.flushLazyAcknowledgements();
                return null;
            }
        }
    }

    private boolean awaitChange(long deadline) throws InterruptedException {
        if (deadline == 0) {
            session.changed.await();
            return true;
        }
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
            return false;
        }
        session.changed.awaitNanos(remaining);
        return true;
    }

    // ---- listener ----------------------------------------------------------------------------

    @Override
    public MessageListener getMessageListener() throws JMSException {
        session.checkOpen();
        return listener;
    }

    @Override
    public void setMessageListener(MessageListener newListener) throws JMSException {
        session.checkOpen();
        boolean grant;
        boolean revoke;
        session.lock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("the consumer is closed");
            }
            grant = listener == null && newListener != null;
            revoke = listener != null && newListener == null;
            listener = newListener;
            consumedSinceGrant = 0;
        } finally {
            session.lock.unlock();
        }
        IsolaConnection connection = session.connection();
        if (grant) {
            connection.call(new BrokerCommand.GrantCredit(id, connection.config().prefetch()));
            session.listenerSet(this);
        } else if (revoke) {
            connection.call(new BrokerCommand.RevokeCredit(id));
        }
    }

    // ---- the rest of the API -----------------------------------------------------------------

    @Override
    public String getMessageSelector() throws JMSException {
        session.checkOpen();
        return selector;
    }

    @Override
    public boolean getNoLocal() throws JMSException {
        session.checkOpen();
        return noLocal;
    }

    @Override
    public Queue getQueue() throws JMSException {
        session.checkOpen();
        return (Queue) destination;
    }

    @Override
    public Topic getTopic() throws JMSException {
        session.checkOpen();
        return (Topic) destination;
    }

    /**
     * Closes the consumer: a receive in progress returns null, a listener in progress
     * finishes first (unless this is called from that listener), buffered messages go back.
     */
    @Override
    public void close() throws JMSException {
        ListenerDispatcher dispatcher = session.dispatcher();
        if (!dispatcher.isListenerThread()) {
            dispatcher.awaitNotRunning(this);
        }
        closeForSession();
    }

    void closeForSession() throws JMSException {
        List<Long> unseen;
        session.lock.lock();
        try {
            if (closed && closedReason == null) {
                return;
            }
            closed = true;
            unseen = drainBuffer();
            session.changed.signalAll();
        } finally {
            session.lock.unlock();
        }
        IsolaConnection connection = session.connection();
        if (connection.lostReason() == null) {
            if (session.mode() == Session.AUTO_ACKNOWLEDGE) {
                session.flushPendingAutoAck();
            }
            connection.call(new BrokerCommand.CloseConsumer(id, unseen));
        }
        session.consumerClosed(this);
    }

    @Override
    public String toString() {
        return "IsolaConsumer[" + id + " on " + destination + (selector != null ? " selecting " + selector : "") + "]";
    }
}
