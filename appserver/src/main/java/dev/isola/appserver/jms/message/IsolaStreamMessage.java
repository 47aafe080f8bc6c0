package dev.isola.appserver.jms.message;

import dev.isola.appserver.jms.protocol.MessageBody;
import jakarta.jms.JMSException;
import jakarta.jms.MessageEOFException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageNotReadableException;
import jakarta.jms.MessageNotWriteableException;
import jakarta.jms.StreamMessage;

import java.util.ArrayList;
import java.util.List;

/**
 * A message whose body is a sequence of typed values. Reads convert as
 * {@link TypeConversions} allows; a read that fails to convert leaves the position where it
 * was, so the value can be read again as another type.
 */
public final class IsolaStreamMessage extends IsolaMessage implements StreamMessage {

    private List<Object> items = new ArrayList<>();
    private boolean reading;
    private int position;
    /** While a byte[] value is read in pieces: how much of it was read; -1 when not in one. */
    private int bytesRead = -1;

    public IsolaStreamMessage() {
    }

    void receivedBody(MessageBody.StreamItems body) {
        items = body.items();
        reading = true;
        position = 0;
        bytesRead = -1;
    }

    @Override
    MessageBody body() {
        return new MessageBody.StreamItems(items);
    }

    @Override
    public void clearBody() {
        items = new ArrayList<>();
        reading = false;
        position = 0;
        bytesRead = -1;
    }

    @Override
    public void reset() {
        reading = true;
        position = 0;
        bytesRead = -1;
    }

    @Override
    public <T> T getBody(Class<T> c) throws MessageFormatException {
        throw new MessageFormatException("a StreamMessage has no body that can be returned as one object; read it with its read methods");
    }

    @Override
    public boolean isBodyAssignableTo(@SuppressWarnings("rawtypes") Class c) {
        return false;
    }

    // ---- reading ---------------------------------------------------------------------------

    private Object current(String wanted) throws JMSException {
        if (!reading) {
            throw new MessageNotReadableException("this StreamMessage is being written; call reset() before reading");
        }
        if (bytesRead >= 0) {
            throw new MessageFormatException("cannot read a " + wanted + " while a byte[] value is only partly read with readBytes");
        }
        if (position >= items.size()) {
            throw new MessageEOFException("end of StreamMessage reached (" + items.size() + " values) while reading a " + wanted);
        }
        return items.get(position);
    }

    private String describe() {
        return "at stream position " + position;
    }

    @Override
    public boolean readBoolean() throws JMSException {
        boolean v = TypeConversions.toBoolean(current("boolean"), describe());
        position++;
        return v;
    }

    @Override
    public byte readByte() throws JMSException {
        byte v = TypeConversions.toByte(current("byte"), describe());
        position++;
        return v;
    }

    @Override
    public short readShort() throws JMSException {
        short v = TypeConversions.toShort(current("short"), describe());
        position++;
        return v;
    }

    @Override
    public char readChar() throws JMSException {
        char v = TypeConversions.toChar(current("char"), describe());
        position++;
        return v;
    }

    @Override
    public int readInt() throws JMSException {
        int v = TypeConversions.toInt(current("int"), describe());
        position++;
        return v;
    }

    @Override
    public long readLong() throws JMSException {
        long v = TypeConversions.toLong(current("long"), describe());
        position++;
        return v;
    }

    @Override
    public float readFloat() throws JMSException {
        float v = TypeConversions.toFloat(current("float"), describe());
        position++;
        return v;
    }

    @Override
    public double readDouble() throws JMSException {
        double v = TypeConversions.toDouble(current("double"), describe());
        position++;
        return v;
    }

    @Override
    public String readString() throws JMSException {
        String v = TypeConversions.toStringValue(current("String"), describe());
        position++;
        return v;
    }

    @Override
    public Object readObject() throws JMSException {
        Object v = current("Object");
        position++;
        return v instanceof byte[] b ? b.clone() : v;
    }

    /**
     * Reads a byte[] value in pieces: returns how many bytes were copied; a count smaller
     * than {@code value.length} ends the value; after a full buffer the next call returns -1
     * if nothing was left. A null value reads as -1.
     */
    @Override
    public int readBytes(byte[] value) throws JMSException {
        if (!reading) {
            throw new MessageNotReadableException("this StreamMessage is being written; call reset() before reading");
        }
        if (position >= items.size()) {
            throw new MessageEOFException("end of StreamMessage reached (" + items.size() + " values) while reading bytes");
        }
        Object item = items.get(position);
        if (item == null) {
            position++;
            return -1;
        }
        if (!(item instanceof byte[] bytes)) {
            throw new MessageFormatException("value " + describe() + " is a " + TypeConversions.typeName(item) + " and cannot be read with readBytes");
        }
        int offset = Math.max(bytesRead, 0);
        if (bytes.length == 0 && bytesRead < 0) {
            position++;
            return 0;
        }
        int count = Math.min(bytes.length - offset, value.length);
        if (count == 0) {
            bytesRead = -1;
            position++;
            return -1;
        }
        System.arraycopy(bytes, offset, value, 0, count);
        if (count < value.length) {
            bytesRead = -1;
            position++;
        } else {
            bytesRead = offset + count;
        }
        return count;
    }

    // ---- writing ---------------------------------------------------------------------------

    private void add(Object value) throws MessageNotWriteableException {
        if (reading) {
            throw new MessageNotWriteableException("this StreamMessage is read-only (received or reset); call clearBody() before writing");
        }
        items.add(value);
    }

    @Override
    public void writeBoolean(boolean value) throws JMSException {
        add(value);
    }

    @Override
    public void writeByte(byte value) throws JMSException {
        add(value);
    }

    @Override
    public void writeShort(short value) throws JMSException {
        add(value);
    }

    @Override
    public void writeChar(char value) throws JMSException {
        add(value);
    }

    @Override
    public void writeInt(int value) throws JMSException {
        add(value);
    }

    @Override
    public void writeLong(long value) throws JMSException {
        add(value);
    }

    @Override
    public void writeFloat(float value) throws JMSException {
        add(value);
    }

    @Override
    public void writeDouble(double value) throws JMSException {
        add(value);
    }

    @Override
    public void writeString(String value) throws JMSException {
        add(value);
    }

    @Override
    public void writeBytes(byte[] value) throws JMSException {
        add(value == null ? null : value.clone());
    }

    @Override
    public void writeBytes(byte[] value, int offset, int length) throws JMSException {
        byte[] slice = new byte[length];
        System.arraycopy(value, offset, slice, 0, length);
        add(slice);
    }

    @Override
    public void writeObject(Object value) throws JMSException {
        switch (value) {
            case null -> add(null);
            case Boolean b -> add(b);
            case Byte b -> add(b);
            case Short s -> add(s);
            case Character c -> add(c);
            case Integer i -> add(i);
            case Long l -> add(l);
            case Float f -> add(f);
            case Double d -> add(d);
            case String s -> add(s);
            case byte[] b -> add(b.clone());
            default -> throw new MessageFormatException("StreamMessage.writeObject cannot write a " + value.getClass().getName()
                    + "; stream messages hold boxed primitives, String and byte[]");
        }
    }
}
