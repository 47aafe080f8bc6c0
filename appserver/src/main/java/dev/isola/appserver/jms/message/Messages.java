package dev.isola.appserver.jms.message;

import dev.isola.appserver.jms.protocol.MessageBody;
import dev.isola.appserver.jms.protocol.MessageData;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageEOFException;
import jakarta.jms.ObjectMessage;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;

import java.util.Enumeration;

/** Turns plain message data into application messages and back. */
public final class Messages {

    private Messages() {
    }

    /** The message a consumer hands to the application for a delivery. */
    public static IsolaMessage received(MessageData data, int deliveryCount, TemporaryDestinationOwner owner,
                                        Acknowledger acknowledger, ObjectMessageFilter filter) {
        IsolaMessage message = switch (data.body()) {
            case MessageBody.None n -> new IsolaMessage();
            case MessageBody.Text t -> {
                IsolaTextMessage m = new IsolaTextMessage();
                m.receivedBody(t);
                yield m;
            }
            case MessageBody.Bytes b -> {
                IsolaBytesMessage m = new IsolaBytesMessage();
                m.receivedBody(b);
                yield m;
            }
            case MessageBody.MapEntries e -> {
                IsolaMapMessage m = new IsolaMapMessage();
                m.receivedBody(e);
                yield m;
            }
            case MessageBody.SerializedObject o -> {
                IsolaObjectMessage m = new IsolaObjectMessage(filter);
                m.receivedBody(o, filter);
                yield m;
            }
            case MessageBody.StreamItems s -> {
                IsolaStreamMessage m = new IsolaStreamMessage();
                m.receivedBody(s);
                yield m;
            }
        };
        message.receivedFrom(data, deliveryCount, owner, acknowledger);
        return message;
    }

    /**
     * A copy of another provider's message as one of ours, so it can be sent: headers the
     * application sets, properties and body are copied.
     */
    public static IsolaMessage copyOf(Message foreign, ObjectMessageFilter filter) throws JMSException {
        IsolaMessage copy;
        switch (foreign) {
            case TextMessage t -> copy = new IsolaTextMessage(t.getText());
            case BytesMessage b -> {
                IsolaBytesMessage m = new IsolaBytesMessage();
                b.reset();
                byte[] bytes = new byte[(int) b.getBodyLength()];
                b.readBytes(bytes);
                m.writeBytes(bytes);
                copy = m;
            }
            case MapMessage map -> {
                IsolaMapMessage m = new IsolaMapMessage();
                for (Enumeration<?> names = map.getMapNames(); names.hasMoreElements(); ) {
                    String name = (String) names.nextElement();
                    m.setObject(name, map.getObject(name));
                }
                copy = m;
            }
            case ObjectMessage o -> {
                IsolaObjectMessage m = new IsolaObjectMessage(filter);
                m.setObject(o.getObject());
                copy = m;
            }
            case StreamMessage s -> {
                IsolaStreamMessage m = new IsolaStreamMessage();
                s.reset();
                while (true) {
                    try {
                        m.writeObject(s.readObject());
                    } catch (MessageEOFException end) {
                        break;
                    }
                }
                copy = m;
            }
            default -> copy = new IsolaMessage();
        }
        copy.setJMSCorrelationID(foreign.getJMSCorrelationID());
        copy.setJMSType(foreign.getJMSType());
        copy.setJMSReplyTo(foreign.getJMSReplyTo());
        for (Enumeration<?> names = foreign.getPropertyNames(); names.hasMoreElements(); ) {
            String name = (String) names.nextElement();
            if (!name.equals(IsolaMessage.DELIVERY_COUNT)) {
                copy.setObjectProperty(name, foreign.getObjectProperty(name));
            }
        }
        return copy;
    }
}
