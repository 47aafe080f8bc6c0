package dev.isola.appserver.jms.message;

import dev.isola.appserver.jms.protocol.MessageBody;
import jakarta.jms.JMSException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageNotWriteableException;
import jakarta.jms.ObjectMessage;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/**
 * A message whose body is a serialized object. The object is serialized when it is set (so
 * later changes to it do not reach the message) and deserialized, through the
 * {@link ObjectMessageFilter} of the receiving connection, each time it is read.
 */
public final class IsolaObjectMessage extends IsolaMessage implements ObjectMessage {

    private byte[] serialized;
    private boolean bodyReadOnly;
    private ObjectMessageFilter filter;

    public IsolaObjectMessage(ObjectMessageFilter filter) {
        this.filter = filter;
    }

    void receivedBody(MessageBody.SerializedObject body, ObjectMessageFilter receiverFilter) {
        this.serialized = body.serialized();
        this.bodyReadOnly = true;
        this.filter = receiverFilter;
    }

    @Override
    MessageBody body() {
        return new MessageBody.SerializedObject(serialized);
    }

    @Override
    public void setObject(Serializable object) throws JMSException {
        if (bodyReadOnly) {
            throw new MessageNotWriteableException("the body of a received ObjectMessage is read-only; call clearBody() first");
        }
        if (object == null) {
            serialized = null;
            return;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(object);
        } catch (IOException e) {
            MessageFormatException failure = new MessageFormatException("cannot serialize the " + object.getClass().getName()
                    + " for an ObjectMessage: " + e);
            failure.setLinkedException(e);
            throw failure;
        }
        serialized = bytes.toByteArray();
    }

    @Override
    public Serializable getObject() throws JMSException {
        if (serialized == null) {
            return null;
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return filter.deserialize(serialized, loader != null ? loader : IsolaObjectMessage.class.getClassLoader());
    }

    @Override
    public void clearBody() {
        serialized = null;
        bodyReadOnly = false;
    }

    @Override
    public <T> T getBody(Class<T> c) throws JMSException {
        return bodyAs(getObject(), c, "ObjectMessage");
    }

    @Override
    public boolean isBodyAssignableTo(@SuppressWarnings("rawtypes") Class c) throws JMSException {
        if (serialized == null) {
            return true;
        }
        return c.isInstance(getObject());
    }
}
