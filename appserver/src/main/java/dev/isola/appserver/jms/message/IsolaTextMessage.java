package dev.isola.appserver.jms.message;

import dev.isola.appserver.jms.protocol.MessageBody;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageNotWriteableException;
import jakarta.jms.TextMessage;

/** A message whose body is a string (possibly null). */
public final class IsolaTextMessage extends IsolaMessage implements TextMessage {

    private String text;
    private boolean bodyReadOnly;

    public IsolaTextMessage() {
    }

    public IsolaTextMessage(String text) {
        this.text = text;
    }

    void receivedBody(MessageBody.Text body) {
        this.text = body.text();
        this.bodyReadOnly = true;
    }

    @Override
    MessageBody body() {
        return new MessageBody.Text(text);
    }

    @Override
    public void setText(String text) throws MessageNotWriteableException {
        if (bodyReadOnly) {
            throw new MessageNotWriteableException("the body of a received TextMessage is read-only; call clearBody() first");
        }
        this.text = text;
    }

    @Override
    public String getText() {
        return text;
    }

    @Override
    public void clearBody() {
        text = null;
        bodyReadOnly = false;
    }

    @Override
    public <T> T getBody(Class<T> c) throws MessageFormatException {
        return bodyAs(text, c, "TextMessage");
    }

    @Override
    public boolean isBodyAssignableTo(@SuppressWarnings("rawtypes") Class c) {
        return text == null || ((Class<?>) c).isAssignableFrom(String.class);
    }
}
