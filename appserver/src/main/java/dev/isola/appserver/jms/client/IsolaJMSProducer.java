package dev.isola.appserver.jms.client;

import dev.isola.appserver.jms.message.IsolaBytesMessage;
import dev.isola.appserver.jms.message.IsolaMapMessage;
import dev.isola.appserver.jms.message.IsolaMessage;
import dev.isola.appserver.jms.message.IsolaObjectMessage;
import dev.isola.appserver.jms.message.IsolaTextMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationRuntimeException;
import jakarta.jms.JMSProducer;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatRuntimeException;

import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The simplified API's producer: settings, properties and header values that apply to every
 * message it sends. Properties are held in a message of their own, so they follow exactly
 * the rules (names, types, conversions) of message properties.
 */
final class IsolaJMSProducer implements JMSProducer {

    private final IsolaJMSContext context;
    private final IsolaMessage properties = new IsolaMessage();
    private int deliveryMode = DeliveryMode.PERSISTENT;
    private int priority = Message.DEFAULT_PRIORITY;
    private long timeToLive = Message.DEFAULT_TIME_TO_LIVE;
    private long deliveryDelay = Message.DEFAULT_DELIVERY_DELAY;
    private boolean disableMessageId;
    private boolean disableTimestamp;
    private CompletionListener async;
    private String correlationId;
    private String type;
    private Destination replyTo;

    IsolaJMSProducer(IsolaJMSContext context) {
        this.context = context;
    }

    @Override
    public JMSProducer send(Destination destination, Message message) {
        if (message == null) {
            throw new MessageFormatRuntimeException("cannot send a null message");
        }
        if (destination == null) {
            throw new InvalidDestinationRuntimeException("the destination of a send must not be null");
        }
        JmsExceptions.uncheckedVoid(() -> {
            for (String name : getPropertyNames()) {
                message.setObjectProperty(name, properties.getObjectProperty(name));
            }
            if (correlationId != null) {
                message.setJMSCorrelationID(correlationId);
            }
            if (type != null) {
                message.setJMSType(type);
            }
            if (replyTo != null) {
                message.setJMSReplyTo(replyTo);
            }
            context.session().send(destination, message, new IsolaSession.SendOptions(deliveryMode, priority, timeToLive,
                    deliveryDelay, disableMessageId, disableTimestamp), async);
        });
        return this;
    }

    @Override
    public JMSProducer send(Destination destination, String body) {
        return send(destination, new IsolaTextMessage(body));
    }

    @Override
    public JMSProducer send(Destination destination, Map<String, Object> body) {
        IsolaMapMessage message = new IsolaMapMessage();
        if (body != null) {
            JmsExceptions.uncheckedVoid(() -> {
                for (Map.Entry<String, Object> e : body.entrySet()) {
                    message.setObject(e.getKey(), e.getValue());
                }
            });
        }
        return send(destination, message);
    }

    @Override
    public JMSProducer send(Destination destination, byte[] body) {
        IsolaBytesMessage message = new IsolaBytesMessage();
        if (body != null) {
            JmsExceptions.uncheckedVoid(() -> message.writeBytes(body));
        }
        return send(destination, message);
    }

    @Override
    public JMSProducer send(Destination destination, Serializable body) {
        IsolaObjectMessage message = new IsolaObjectMessage(context.connection().objectFilter());
        JmsExceptions.uncheckedVoid(() -> message.setObject(body));
        return send(destination, message);
    }

    @Override
    public JMSProducer setDisableMessageID(boolean value) {
        disableMessageId = value;
        return this;
    }

    @Override
    public boolean getDisableMessageID() {
        return disableMessageId;
    }

    @Override
    public JMSProducer setDisableMessageTimestamp(boolean value) {
        disableTimestamp = value;
        return this;
    }

    @Override
    public boolean getDisableMessageTimestamp() {
        return disableTimestamp;
    }

    @Override
    public JMSProducer setDeliveryMode(int mode) {
        if (mode != DeliveryMode.PERSISTENT && mode != DeliveryMode.NON_PERSISTENT) {
            throw new JMSRuntimeException("delivery mode " + mode + " is neither PERSISTENT (2) nor NON_PERSISTENT (1)");
        }
        deliveryMode = mode;
        return this;
    }

    @Override
    public int getDeliveryMode() {
        return deliveryMode;
    }

    @Override
    public JMSProducer setPriority(int value) {
        if (value < 0 || value > 9) {
            throw new JMSRuntimeException("priority " + value + " is outside 0..9");
        }
        priority = value;
        return this;
    }

    @Override
    public int getPriority() {
        return priority;
    }

    @Override
    public JMSProducer setTimeToLive(long value) {
        if (value < 0) {
            throw new JMSRuntimeException("time to live " + value + " must not be negative (0 means unlimited)");
        }
        timeToLive = value;
        return this;
    }

    @Override
    public long getTimeToLive() {
        return timeToLive;
    }

    @Override
    public JMSProducer setDeliveryDelay(long value) {
        if (value < 0) {
            throw new JMSRuntimeException("delivery delay " + value + " must not be negative");
        }
        deliveryDelay = value;
        return this;
    }

    @Override
    public long getDeliveryDelay() {
        return deliveryDelay;
    }

    @Override
    public JMSProducer setAsync(CompletionListener completionListener) {
        async = completionListener;
        return this;
    }

    @Override
    public CompletionListener getAsync() {
        return async;
    }

    private JMSProducer property(String name, Object value) {
        JmsExceptions.uncheckedVoid(() -> properties.setObjectProperty(name, value));
        return this;
    }

    @Override
    public JMSProducer setProperty(String name, boolean value) {
        return property(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, byte value) {
        return property(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, short value) {
        return property(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, int value) {
        return property(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, long value) {
        return property(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, float value) {
        return property(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, double value) {
        return property(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, String value) {
        return property(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, Object value) {
        return property(name, value);
    }

    @Override
    public JMSProducer clearProperties() {
        properties.clearProperties();
        return this;
    }

    @Override
    public boolean propertyExists(String name) {
        return properties.propertyExists(name);
    }

    @Override
    public boolean getBooleanProperty(String name) {
        return JmsExceptions.unchecked(() -> properties.getBooleanProperty(name));
    }

    @Override
    public byte getByteProperty(String name) {
        return JmsExceptions.unchecked(() -> properties.getByteProperty(name));
    }

    @Override
    public short getShortProperty(String name) {
        return JmsExceptions.unchecked(() -> properties.getShortProperty(name));
    }

    @Override
    public int getIntProperty(String name) {
        return JmsExceptions.unchecked(() -> properties.getIntProperty(name));
    }

    @Override
    public long getLongProperty(String name) {
        return JmsExceptions.unchecked(() -> properties.getLongProperty(name));
    }

    @Override
    public float getFloatProperty(String name) {
        return JmsExceptions.unchecked(() -> properties.getFloatProperty(name));
    }

    @Override
    public double getDoubleProperty(String name) {
        return JmsExceptions.unchecked(() -> properties.getDoubleProperty(name));
    }

    @Override
    public String getStringProperty(String name) {
        return JmsExceptions.unchecked(() -> properties.getStringProperty(name));
    }

    @Override
    public Object getObjectProperty(String name) {
        return properties.getObjectProperty(name);
    }

    @Override
    public Set<String> getPropertyNames() {
        Set<String> names = new LinkedHashSet<>();
        properties.getPropertyNames().asIterator().forEachRemaining(names::add);
        return Collections.unmodifiableSet(names);
    }

    @Override
    public JMSProducer setJMSCorrelationIDAsBytes(byte[] correlationID) {
        properties.setJMSCorrelationIDAsBytes(correlationID);
        correlationId = properties.getJMSCorrelationID();
        return this;
    }

    @Override
    public byte[] getJMSCorrelationIDAsBytes() {
        return properties.getJMSCorrelationIDAsBytes();
    }

    @Override
    public JMSProducer setJMSCorrelationID(String value) {
        properties.setJMSCorrelationID(value);
        correlationId = value;
        return this;
    }

    @Override
    public String getJMSCorrelationID() {
        return correlationId;
    }

    @Override
    public JMSProducer setJMSType(String value) {
        type = value;
        return this;
    }

    @Override
    public String getJMSType() {
        return type;
    }

    @Override
    public JMSProducer setJMSReplyTo(Destination value) {
        replyTo = value;
        return this;
    }

    @Override
    public Destination getJMSReplyTo() {
        return replyTo;
    }
}
