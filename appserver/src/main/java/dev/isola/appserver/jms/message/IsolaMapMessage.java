package dev.isola.appserver.jms.message;

import dev.isola.appserver.jms.protocol.MessageBody;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageNotWriteableException;

import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/** A message whose body is a set of named, typed values; reads convert as {@link TypeConversions} allows. */
public final class IsolaMapMessage extends IsolaMessage implements MapMessage {

    private Map<String, Object> entries = new LinkedHashMap<>();
    private boolean bodyReadOnly;

    public IsolaMapMessage() {
    }

    void receivedBody(MessageBody.MapEntries body) {
        this.entries = body.entries();
        this.bodyReadOnly = true;
    }

    @Override
    MessageBody body() {
        return new MessageBody.MapEntries(entries);
    }

    @Override
    public void clearBody() {
        entries = new LinkedHashMap<>();
        bodyReadOnly = false;
    }

    @Override
    public <T> T getBody(Class<T> c) throws MessageFormatException {
        if (entries.isEmpty()) {
            return null;
        }
        if (!c.isAssignableFrom(Map.class)) {
            throw new MessageFormatException("the body of a MapMessage is a java.util.Map and cannot be returned as " + c.getName());
        }
        Map<String, Object> copy = new HashMap<>();
        entries.forEach((k, v) -> copy.put(k, v instanceof byte[] b ? b.clone() : v));
        return c.cast(copy);
    }

    @Override
    public boolean isBodyAssignableTo(@SuppressWarnings("rawtypes") Class c) {
        return entries.isEmpty() || ((Class<?>) c).isAssignableFrom(Map.class);
    }

    private static String describe(String name) {
        return "of map entry '" + name + "'";
    }

    @Override
    public boolean getBoolean(String name) throws JMSException {
        return TypeConversions.toBoolean(entries.get(name), describe(name));
    }

    @Override
    public byte getByte(String name) throws JMSException {
        return TypeConversions.toByte(entries.get(name), describe(name));
    }

    @Override
    public short getShort(String name) throws JMSException {
        return TypeConversions.toShort(entries.get(name), describe(name));
    }

    @Override
    public char getChar(String name) throws JMSException {
        return TypeConversions.toChar(entries.get(name), describe(name));
    }

    @Override
    public int getInt(String name) throws JMSException {
        return TypeConversions.toInt(entries.get(name), describe(name));
    }

    @Override
    public long getLong(String name) throws JMSException {
        return TypeConversions.toLong(entries.get(name), describe(name));
    }

    @Override
    public float getFloat(String name) throws JMSException {
        return TypeConversions.toFloat(entries.get(name), describe(name));
    }

    @Override
    public double getDouble(String name) throws JMSException {
        return TypeConversions.toDouble(entries.get(name), describe(name));
    }

    @Override
    public String getString(String name) throws JMSException {
        return TypeConversions.toStringValue(entries.get(name), describe(name));
    }

    @Override
    public byte[] getBytes(String name) throws JMSException {
        return TypeConversions.toBytes(entries.get(name), describe(name));
    }

    @Override
    public Object getObject(String name) {
        Object value = entries.get(name);
        return value instanceof byte[] b ? b.clone() : value;
    }

    @Override
    public Enumeration<String> getMapNames() {
        return Collections.enumeration(entries.keySet());
    }

    @Override
    public boolean itemExists(String name) {
        return entries.containsKey(name);
    }

    private void put(String name, Object value) throws MessageNotWriteableException {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("map entry name must not be " + (name == null ? "null" : "empty"));
        }
        if (bodyReadOnly) {
            throw new MessageNotWriteableException("the body of a received MapMessage is read-only; call clearBody() first (setting '" + name + "')");
        }
        entries.put(name, value);
    }

    @Override
    public void setBoolean(String name, boolean value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setByte(String name, byte value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setShort(String name, short value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setChar(String name, char value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setInt(String name, int value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setLong(String name, long value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setFloat(String name, float value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setDouble(String name, double value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setString(String name, String value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setBytes(String name, byte[] value) throws JMSException {
        put(name, value == null ? null : value.clone());
    }

    @Override
    public void setBytes(String name, byte[] value, int offset, int length) throws JMSException {
        byte[] slice = new byte[length];
        System.arraycopy(value, offset, slice, 0, length);
        put(name, slice);
    }

    @Override
    public void setObject(String name, Object value) throws JMSException {
        switch (value) {
            case null -> put(name, null);
            case Boolean b -> put(name, b);
            case Byte b -> put(name, b);
            case Short s -> put(name, s);
            case Character c -> put(name, c);
            case Integer i -> put(name, i);
            case Long l -> put(name, l);
            case Float f -> put(name, f);
            case Double d -> put(name, d);
            case String s -> put(name, s);
            case byte[] b -> put(name, b.clone());
            default -> throw new MessageFormatException("map entry '" + name + "' cannot hold a " + value.getClass().getName()
                    + "; map messages hold boxed primitives, String and byte[]");
        }
    }
}
