package dev.isola.appserver.jms.message;

import dev.isola.appserver.jms.protocol.DestinationRef;
import dev.isola.appserver.jms.protocol.MessageBody;
import dev.isola.appserver.jms.protocol.MessageData;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageNotWriteableException;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A message of this provider: headers, properties and (in subclasses) a body. A message the
 * application creates is writable; a received one has read-only properties and body until
 * {@link #clearProperties()} / {@link #clearBody()}.
 */
public class IsolaMessage implements Message {

    /** The property a received message carries its delivery count in. */
    public static final String DELIVERY_COUNT = "JMSXDeliveryCount";

    private String messageId;
    private long timestamp;
    private String correlationId;
    private Destination replyTo;
    private Destination destination;
    private int deliveryMode = DeliveryMode.PERSISTENT;
    private boolean redelivered;
    private String type;
    private long expiration;
    private long deliveryTime;
    private int priority = Message.DEFAULT_PRIORITY;
    private Map<String, Object> properties = new LinkedHashMap<>();
    private boolean propertiesReadOnly;
    private Acknowledger acknowledger;

    public IsolaMessage() {
    }

    // ---- received messages ---------------------------------------------------------------

    /** Fills headers and properties from a delivered message and makes them read-only. */
    void receivedFrom(MessageData data, int deliveryCount, TemporaryDestinationOwner owner, Acknowledger acknowledger) {
        this.messageId = data.messageId();
        this.timestamp = data.timestamp();
        this.correlationId = data.correlationId();
        this.replyTo = IsolaDestination.of(data.replyTo(), owner);
        this.destination = IsolaDestination.of(data.destination(), owner);
        this.deliveryMode = data.deliveryMode();
        this.redelivered = deliveryCount > 1;
        this.type = data.type();
        this.expiration = data.expiration();
        this.deliveryTime = data.deliveryTime();
        this.priority = data.priority();
        this.properties = new LinkedHashMap<>(data.properties());
        this.properties.put(DELIVERY_COUNT, deliveryCount);
        this.propertiesReadOnly = true;
        this.acknowledger = acknowledger;
    }

    /**
     * The message as plain data, with the headers the producer has just set on it.
     *
     * @throws JMSException if the body cannot be captured (e.g. an object that does not serialize)
     */
    public MessageData toData(DestinationRef destinationRef, String originConnectionId, String originClientId) throws JMSException {
        DestinationRef replyToRef = replyTo == null ? null : IsolaDestination.refOf(replyTo);
        Map<String, Object> sentProperties = properties;
        if (sentProperties.containsKey(DELIVERY_COUNT)) {
            // Set by the provider on receipt; a resent message starts counting again.
            sentProperties = new LinkedHashMap<>(sentProperties);
            sentProperties.remove(DELIVERY_COUNT);
        }
        return new MessageData(messageId, destinationRef, deliveryMode, priority, timestamp, expiration, deliveryTime,
                correlationId, replyToRef, type, sentProperties, body(), originConnectionId, originClientId);
    }

    /** The body as plain data; a plain message has none. */
    MessageBody body() throws JMSException {
        return new MessageBody.None();
    }

    // ---- headers ----------------------------------------------------------------------------

    @Override
    public String getJMSMessageID() {
        return messageId;
    }

    @Override
    public void setJMSMessageID(String id) {
        this.messageId = id;
    }

    @Override
    public long getJMSTimestamp() {
        return timestamp;
    }

    @Override
    public void setJMSTimestamp(long timestamp) {
        this.timestamp = timestamp;
    }

    @Override
    public byte[] getJMSCorrelationIDAsBytes() {
        return correlationId == null ? null : correlationId.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Bytes are kept as the ISO-8859-1 string of the same bytes: lossless, and visible to selectors. */
    @Override
    public void setJMSCorrelationIDAsBytes(byte[] correlationId) {
        this.correlationId = correlationId == null ? null : new String(correlationId, StandardCharsets.ISO_8859_1);
    }

    @Override
    public void setJMSCorrelationID(String correlationId) {
        this.correlationId = correlationId;
    }

    @Override
    public String getJMSCorrelationID() {
        return correlationId;
    }

    @Override
    public Destination getJMSReplyTo() {
        return replyTo;
    }

    @Override
    public void setJMSReplyTo(Destination replyTo) {
        this.replyTo = replyTo;
    }

    @Override
    public Destination getJMSDestination() {
        return destination;
    }

    @Override
    public void setJMSDestination(Destination destination) {
        this.destination = destination;
    }

    @Override
    public int getJMSDeliveryMode() {
        return deliveryMode;
    }

    @Override
    public void setJMSDeliveryMode(int deliveryMode) {
        this.deliveryMode = deliveryMode;
    }

    @Override
    public boolean getJMSRedelivered() {
        return redelivered;
    }

    @Override
    public void setJMSRedelivered(boolean redelivered) {
        this.redelivered = redelivered;
    }

    @Override
    public String getJMSType() {
        return type;
    }

    @Override
    public void setJMSType(String type) {
        this.type = type;
    }

    @Override
    public long getJMSExpiration() {
        return expiration;
    }

    @Override
    public void setJMSExpiration(long expiration) {
        this.expiration = expiration;
    }

    @Override
    public long getJMSDeliveryTime() {
        return deliveryTime;
    }

    @Override
    public void setJMSDeliveryTime(long deliveryTime) {
        this.deliveryTime = deliveryTime;
    }

    @Override
    public int getJMSPriority() {
        return priority;
    }

    @Override
    public void setJMSPriority(int priority) {
        this.priority = priority;
    }

    // ---- properties -------------------------------------------------------------------------

    @Override
    public void clearProperties() {
        properties = new LinkedHashMap<>();
        propertiesReadOnly = false;
    }

    @Override
    public boolean propertyExists(String name) {
        return properties.containsKey(name);
    }

    @Override
    public boolean getBooleanProperty(String name) throws JMSException {
        return TypeConversions.toBoolean(properties.get(name), "of property '" + name + "'");
    }

    @Override
    public byte getByteProperty(String name) throws JMSException {
        return TypeConversions.toByte(properties.get(name), "of property '" + name + "'");
    }

    @Override
    public short getShortProperty(String name) throws JMSException {
        return TypeConversions.toShort(properties.get(name), "of property '" + name + "'");
    }

    @Override
    public int getIntProperty(String name) throws JMSException {
        return TypeConversions.toInt(properties.get(name), "of property '" + name + "'");
    }

    @Override
    public long getLongProperty(String name) throws JMSException {
        return TypeConversions.toLong(properties.get(name), "of property '" + name + "'");
    }

    @Override
    public float getFloatProperty(String name) throws JMSException {
        return TypeConversions.toFloat(properties.get(name), "of property '" + name + "'");
    }

    @Override
    public double getDoubleProperty(String name) throws JMSException {
        return TypeConversions.toDouble(properties.get(name), "of property '" + name + "'");
    }

    @Override
    public String getStringProperty(String name) throws JMSException {
        return TypeConversions.toStringValue(properties.get(name), "of property '" + name + "'");
    }

    @Override
    public Object getObjectProperty(String name) {
        return properties.get(name);
    }

    @Override
    public Enumeration<String> getPropertyNames() {
        return Collections.enumeration(properties.keySet());
    }

    @Override
    public void setBooleanProperty(String name, boolean value) throws JMSException {
        putProperty(name, value);
    }

    @Override
    public void setByteProperty(String name, byte value) throws JMSException {
        putProperty(name, value);
    }

    @Override
    public void setShortProperty(String name, short value) throws JMSException {
        putProperty(name, value);
    }

    @Override
    public void setIntProperty(String name, int value) throws JMSException {
        putProperty(name, value);
    }

    @Override
    public void setLongProperty(String name, long value) throws JMSException {
        putProperty(name, value);
    }

    @Override
    public void setFloatProperty(String name, float value) throws JMSException {
        putProperty(name, value);
    }

    @Override
    public void setDoubleProperty(String name, double value) throws JMSException {
        putProperty(name, value);
    }

    @Override
    public void setStringProperty(String name, String value) throws JMSException {
        putProperty(name, value);
    }

    @Override
    public void setObjectProperty(String name, Object value) throws JMSException {
        switch (value) {
            case null -> putProperty(name, null);
            case Boolean b -> putProperty(name, b);
            case Byte b -> putProperty(name, b);
            case Short s -> putProperty(name, s);
            case Integer i -> putProperty(name, i);
            case Long l -> putProperty(name, l);
            case Float f -> putProperty(name, f);
            case Double d -> putProperty(name, d);
            case String s -> putProperty(name, s);
            default -> throw new MessageFormatException("property '" + name + "' cannot hold a " + value.getClass().getName()
                    + "; properties hold boolean, byte, short, int, long, float, double and String values");
        }
    }

    private void putProperty(String name, Object value) throws MessageNotWriteableException {
        PropertyNames.check(name);
        if (propertiesReadOnly) {
            throw new MessageNotWriteableException("the properties of a received message are read-only; call clearProperties() first"
                    + " (setting '" + name + "')");
        }
        properties.put(name, value);
    }

    /** The property map as it is (for converting messages of other providers and for selectors). */
    Map<String, Object> properties() {
        return properties;
    }

    // ---- acknowledgement and body -------------------------------------------------------------

    @Override
    public void acknowledge() throws JMSException {
        if (acknowledger != null) {
            acknowledger.acknowledgeFromMessage();
        }
    }

    @Override
    public void clearBody() throws JMSException {
    }

    @Override
    public <T> T getBody(Class<T> c) throws JMSException {
        return null;
    }

    @Override
    public boolean isBodyAssignableTo(@SuppressWarnings("rawtypes") Class c) throws JMSException {
        return true;
    }

    /** Shared by subclasses: the check that {@code body} can be returned as {@code c}. */
    static <T> T bodyAs(Object body, Class<T> c, String messageType) throws MessageFormatException {
        if (body == null) {
            return null;
        }
        if (!c.isInstance(body)) {
            throw new MessageFormatException("the body of a " + messageType + " is a " + body.getClass().getName()
                    + " and cannot be returned as " + c.getName());
        }
        return c.cast(body);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + messageId + " to " + destination + "]";
    }
}
