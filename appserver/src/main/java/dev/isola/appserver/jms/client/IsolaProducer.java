package dev.isola.appserver.jms.client;

import jakarta.jms.CompletionListener;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.QueueSender;
import jakarta.jms.Topic;
import jakarta.jms.TopicPublisher;

/** A producer: default send settings, and a destination (or none, for one named at each send). */
public final class IsolaProducer implements QueueSender, TopicPublisher {

    private final IsolaSession session;
    private final Destination destination;
    private int deliveryMode = DeliveryMode.PERSISTENT;
    private int priority = Message.DEFAULT_PRIORITY;
    private long timeToLive = Message.DEFAULT_TIME_TO_LIVE;
    private long deliveryDelay = Message.DEFAULT_DELIVERY_DELAY;
    private boolean disableMessageId;
    private boolean disableTimestamp;
    private volatile boolean closed;

    IsolaProducer(IsolaSession session, Destination destination) {
        this.session = session;
        this.destination = destination;
    }

    private void checkOpen() throws JMSException {
        if (closed) {
            throw new IllegalStateException("the producer is closed");
        }
        session.checkOpen();
    }

    private IsolaSession.SendOptions options(int mode, int prio, long ttl) {
        return new IsolaSession.SendOptions(mode, prio, ttl, deliveryDelay, disableMessageId, disableTimestamp);
    }

    private Destination own() throws JMSException {
        if (destination == null) {
            throw new UnsupportedOperationException("this producer has no destination; use a send method that names one");
        }
        return destination;
    }

    private Destination named(Destination target) throws JMSException {
        if (destination != null) {
            throw new UnsupportedOperationException("this producer sends to " + destination + "; it cannot name another destination");
        }
        if (target == null) {
            throw new InvalidDestinationException("the destination of a send must not be null");
        }
        return target;
    }

    @Override
    public void send(Message message) throws JMSException {
        send(message, deliveryMode, priority, timeToLive);
    }

    @Override
    public void send(Message message, int mode, int prio, long ttl) throws JMSException {
        checkOpen();
        session.send(own(), message, options(mode, prio, ttl), null);
    }

    @Override
    public void send(Destination target, Message message) throws JMSException {
        send(target, message, deliveryMode, priority, timeToLive);
    }

    @Override
    public void send(Destination target, Message message, int mode, int prio, long ttl) throws JMSException {
        checkOpen();
        session.send(named(target), message, options(mode, prio, ttl), null);
    }

    @Override
    public void send(Message message, CompletionListener listener) throws JMSException {
        send(message, deliveryMode, priority, timeToLive, listener);
    }

    @Override
    public void send(Message message, int mode, int prio, long ttl, CompletionListener listener) throws JMSException {
        checkOpen();
        session.send(own(), message, options(mode, prio, ttl), requireListener(listener));
    }

    @Override
    public void send(Destination target, Message message, CompletionListener listener) throws JMSException {
        send(target, message, deliveryMode, priority, timeToLive, listener);
    }

    @Override
    public void send(Destination target, Message message, int mode, int prio, long ttl, CompletionListener listener) throws JMSException {
        checkOpen();
        session.send(named(target), message, options(mode, prio, ttl), requireListener(listener));
    }

    private static CompletionListener requireListener(CompletionListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("completionListener must not be null");
        }
        return listener;
    }

    @Override
    public void send(Queue queue, Message message) throws JMSException {
        send((Destination) queue, message);
    }

    @Override
    public void send(Queue queue, Message message, int mode, int prio, long ttl) throws JMSException {
        send((Destination) queue, message, mode, prio, ttl);
    }

    @Override
    public void publish(Message message) throws JMSException {
        send(message);
    }

    @Override
    public void publish(Message message, int mode, int prio, long ttl) throws JMSException {
        send(message, mode, prio, ttl);
    }

    @Override
    public void publish(Topic topic, Message message) throws JMSException {
        send(topic, message);
    }

    @Override
    public void publish(Topic topic, Message message, int mode, int prio, long ttl) throws JMSException {
        send(topic, message, mode, prio, ttl);
    }

    @Override
    public void setDisableMessageID(boolean value) throws JMSException {
        checkOpen();
        disableMessageId = value;
    }

    @Override
    public boolean getDisableMessageID() throws JMSException {
        checkOpen();
        return disableMessageId;
    }

    @Override
    public void setDisableMessageTimestamp(boolean value) throws JMSException {
        checkOpen();
        disableTimestamp = value;
    }

    @Override
    public boolean getDisableMessageTimestamp() throws JMSException {
        checkOpen();
        return disableTimestamp;
    }

    @Override
    public void setDeliveryMode(int mode) throws JMSException {
        checkOpen();
        if (mode != DeliveryMode.PERSISTENT && mode != DeliveryMode.NON_PERSISTENT) {
            throw new JMSException("delivery mode " + mode + " is neither PERSISTENT (2) nor NON_PERSISTENT (1)");
        }
        deliveryMode = mode;
    }

    @Override
    public int getDeliveryMode() throws JMSException {
        checkOpen();
        return deliveryMode;
    }

    @Override
    public void setPriority(int defaultPriority) throws JMSException {
        checkOpen();
        if (defaultPriority < 0 || defaultPriority > 9) {
            throw new JMSException("priority " + defaultPriority + " is outside 0..9");
        }
        priority = defaultPriority;
    }

    @Override
    public int getPriority() throws JMSException {
        checkOpen();
        return priority;
    }

    @Override
    public void setTimeToLive(long ttl) throws JMSException {
        checkOpen();
        if (ttl < 0) {
            throw new JMSException("time to live " + ttl + " must not be negative (0 means unlimited)");
        }
        timeToLive = ttl;
    }

    @Override
    public long getTimeToLive() throws JMSException {
        checkOpen();
        return timeToLive;
    }

    @Override
    public void setDeliveryDelay(long delay) throws JMSException {
        checkOpen();
        if (delay < 0) {
            throw new JMSException("delivery delay " + delay + " must not be negative");
        }
        deliveryDelay = delay;
    }

    @Override
    public long getDeliveryDelay() throws JMSException {
        checkOpen();
        return deliveryDelay;
    }

    @Override
    public Destination getDestination() throws JMSException {
        checkOpen();
        return destination;
    }

    @Override
    public Queue getQueue() throws JMSException {
        checkOpen();
        return (Queue) destination;
    }

    @Override
    public Topic getTopic() throws JMSException {
        checkOpen();
        return (Topic) destination;
    }

    @Override
    public void close() {
        closed = true;
        session.producerClosed(this);
    }
}
