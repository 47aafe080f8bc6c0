package dev.isola.appserver.jms.message;

import dev.isola.appserver.jms.protocol.MessageBody;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MessageEOFException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageNotReadableException;
import jakarta.jms.MessageNotWriteableException;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;

/**
 * A message whose body is a stream of bytes in {@code java.io.DataOutput} encoding. It is
 * write-only until {@link #reset()} (or receipt), then read-only until {@link #clearBody()}.
 */
public final class IsolaBytesMessage extends IsolaMessage implements BytesMessage {

    private ByteArrayOutputStream written = new ByteArrayOutputStream();
    private DataOutputStream out = new DataOutputStream(written);
    private byte[] data;
    private DataInputStream in;

    public IsolaBytesMessage() {
    }

    void receivedBody(MessageBody.Bytes body) {
        startReading(body.bytes());
    }

    private void startReading(byte[] bytes) {
        data = bytes;
        in = new DataInputStream(new ByteArrayInputStream(bytes));
        written = null;
        out = null;
    }

    @Override
    MessageBody body() {
        return new MessageBody.Bytes(written != null ? written.toByteArray() : data.clone());
    }

    @Override
    public void clearBody() {
        written = new ByteArrayOutputStream();
        out = new DataOutputStream(written);
        data = null;
        in = null;
    }

    @Override
    public void reset() {
        if (written != null) {
            startReading(written.toByteArray());
        } else {
            startReading(data);
        }
    }

    @Override
    public long getBodyLength() throws MessageNotReadableException {
        readable();
        return data.length;
    }

    @Override
    public <T> T getBody(Class<T> c) throws JMSException {
        byte[] bytes = written != null ? written.toByteArray() : data;
        if (bytes.length == 0) {
            return null;
        }
        if (!c.isAssignableFrom(byte[].class)) {
            throw new MessageFormatException("the body of a BytesMessage is a byte[] and cannot be returned as " + c.getName());
        }
        if (written == null) {
            reset();
        }
        return c.cast(bytes.clone());
    }

    @Override
    public boolean isBodyAssignableTo(@SuppressWarnings("rawtypes") Class c) {
        long length = written != null ? written.size() : data.length;
        return length == 0 || ((Class<?>) c).isAssignableFrom(byte[].class);
    }

    // ---- reading ---------------------------------------------------------------------------

    private DataInputStream readable() throws MessageNotReadableException {
        if (in == null) {
            throw new MessageNotReadableException("this BytesMessage is being written; call reset() before reading");
        }
        return in;
    }

    private interface Read<T> {
        T from(DataInputStream in) throws IOException;
    }

    private <T> T read(Read<T> read, String what) throws JMSException {
        DataInputStream stream = readable();
        try {
            return read.from(stream);
        } catch (EOFException e) {
            throw new MessageEOFException("end of BytesMessage body reached while reading a " + what);
        } catch (UTFDataFormatException e) {
            throw new MessageFormatException("BytesMessage body holds no valid UTF string here: " + e.getMessage());
        } catch (IOException e) {
            JMSException failure = new JMSException("cannot read a " + what + " from a BytesMessage: " + e.getMessage());
            failure.setLinkedException(e);
            throw failure;
        }
    }

    @Override
    public boolean readBoolean() throws JMSException {
        return read(DataInputStream::readBoolean, "boolean");
    }

    @Override
    public byte readByte() throws JMSException {
        return read(DataInputStream::readByte, "byte");
    }

    @Override
    public int readUnsignedByte() throws JMSException {
        return read(DataInputStream::readUnsignedByte, "unsigned byte");
    }

    @Override
    public short readShort() throws JMSException {
        return read(DataInputStream::readShort, "short");
    }

    @Override
    public int readUnsignedShort() throws JMSException {
        return read(DataInputStream::readUnsignedShort, "unsigned short");
    }

    @Override
    public char readChar() throws JMSException {
        return read(DataInputStream::readChar, "char");
    }

    @Override
    public int readInt() throws JMSException {
        return read(DataInputStream::readInt, "int");
    }

    @Override
    public long readLong() throws JMSException {
        return read(DataInputStream::readLong, "long");
    }

    @Override
    public float readFloat() throws JMSException {
        return read(DataInputStream::readFloat, "float");
    }

    @Override
    public double readDouble() throws JMSException {
        return read(DataInputStream::readDouble, "double");
    }

    @Override
    public String readUTF() throws JMSException {
        return read(stream -> stream.readUTF(), "UTF string");
    }

    @Override
    public int readBytes(byte[] value) throws JMSException {
        return readBytes(value, value.length);
    }

    @Override
    public int readBytes(byte[] value, int length) throws JMSException {
        if (length < 0 || length > value.length) {
            throw new IndexOutOfBoundsException("length " + length + " is outside 0.." + value.length + " (the array's length)");
        }
        DataInputStream stream = readable();
        try {
            return stream.read(value, 0, length);
        } catch (IOException e) {
            throw new MessageEOFException("cannot read bytes from a BytesMessage: " + e.getMessage());
        }
    }

    // ---- writing ---------------------------------------------------------------------------

    private DataOutputStream writable() throws MessageNotWriteableException {
        if (out == null) {
            throw new MessageNotWriteableException("this BytesMessage is read-only (received or reset); call clearBody() before writing");
        }
        return out;
    }

    private interface Write {
        void to(DataOutputStream out) throws IOException;
    }

    private void write(Write write) throws JMSException {
        DataOutputStream stream = writable();
        try {
            write.to(stream);
        } catch (UTFDataFormatException e) {
            throw new MessageFormatException("string is too long for writeUTF (more than 65535 bytes encoded): " + e.getMessage());
        } catch (IOException e) {
            JMSException failure = new JMSException("cannot write to a BytesMessage: " + e.getMessage());
            failure.setLinkedException(e);
            throw failure;
        }
    }

    @Override
    public void writeBoolean(boolean value) throws JMSException {
        write(o -> o.writeBoolean(value));
    }

    @Override
    public void writeByte(byte value) throws JMSException {
        write(o -> o.writeByte(value));
    }

    @Override
    public void writeShort(short value) throws JMSException {
        write(o -> o.writeShort(value));
    }

    @Override
    public void writeChar(char value) throws JMSException {
        write(o -> o.writeChar(value));
    }

    @Override
    public void writeInt(int value) throws JMSException {
        write(o -> o.writeInt(value));
    }

    @Override
    public void writeLong(long value) throws JMSException {
        write(o -> o.writeLong(value));
    }

    @Override
    public void writeFloat(float value) throws JMSException {
        write(o -> o.writeFloat(value));
    }

    @Override
    public void writeDouble(double value) throws JMSException {
        write(o -> o.writeDouble(value));
    }

    @Override
    public void writeUTF(String value) throws JMSException {
        write(o -> o.writeUTF(value));
    }

    @Override
    public void writeBytes(byte[] value) throws JMSException {
        write(o -> o.write(value));
    }

    @Override
    public void writeBytes(byte[] value, int offset, int length) throws JMSException {
        write(o -> o.write(value, offset, length));
    }

    @Override
    public void writeObject(Object value) throws JMSException {
        switch (value) {
            case null -> throw new NullPointerException("BytesMessage.writeObject cannot write null");
            case Boolean b -> writeBoolean(b);
            case Byte b -> writeByte(b);
            case Short s -> writeShort(s);
            case Character c -> writeChar(c);
            case Integer i -> writeInt(i);
            case Long l -> writeLong(l);
            case Float f -> writeFloat(f);
            case Double d -> writeDouble(d);
            case String s -> writeUTF(s);
            case byte[] b -> writeBytes(b);
            default -> throw new MessageFormatException("BytesMessage.writeObject cannot write a " + value.getClass().getName()
                    + "; it writes boxed primitives, String and byte[]");
        }
    }
}
