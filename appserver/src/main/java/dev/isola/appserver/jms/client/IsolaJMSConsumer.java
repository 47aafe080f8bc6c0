package dev.isola.appserver.jms.client;

import dev.isola.appserver.jms.message.IsolaMessage;
import dev.isola.appserver.jms.message.IsolaStreamMessage;
import dev.isola.appserver.jms.protocol.BrokerCommand;
import dev.isola.appserver.jms.protocol.Delivery;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageFormatRuntimeException;
import jakarta.jms.MessageListener;
import jakarta.jms.Session;

import java.util.List;

/** The simplified API's consumer, over a classic consumer; adds {@code receiveBody}. */
final class IsolaJMSConsumer implements JMSConsumer {

    private final IsolaSession session;
    private final IsolaConsumer consumer;

    IsolaJMSConsumer(IsolaSession session, IsolaConsumer consumer) {
        this.session = session;
        this.consumer = consumer;
    }

    @Override
    public String getMessageSelector() {
        return JmsExceptions.unchecked(consumer::getMessageSelector);
    }

    @Override
    public MessageListener getMessageListener() {
        return JmsExceptions.unchecked(consumer::getMessageListener);
    }

    @Override
    public void setMessageListener(MessageListener listener) {
        JmsExceptions.uncheckedVoid(() -> consumer.setMessageListener(listener));
    }

    @Override
    public Message receive() {
        return JmsExceptions.unchecked(consumer::receive);
    }

    @Override
    public Message receive(long timeout) {
        return JmsExceptions.unchecked(() -> consumer.receive(timeout));
    }

    @Override
    public Message receiveNoWait() {
        return JmsExceptions.unchecked(consumer::receiveNoWait);
    }

    @Override
    public void close() {
        JmsExceptions.uncheckedVoid(consumer::close);
    }

    @Override
    public <T> T receiveBody(Class<T> c) {
        return body(0, c);
    }

    @Override
    public <T> T receiveBody(Class<T> c, long timeout) {
        return body(timeout <= 0 ? 0 : timeout, c);
    }

    @Override
    public <T> T receiveBodyNoWait(Class<T> c) {
        return body(-1, c);
    }

    /**
     * Receives and returns the body. A body that cannot be returned as {@code c} makes the
     * message come back untouched in AUTO / DUPS_OK mode (as if never received) and counts as
     * received in the other modes (section on receiveBody of the specification).
     */
    private <T> T body(long timeout, Class<T> c) {
        return JmsExceptions.unchecked(() -> {
            Delivery delivery = consumer.next(timeout);
            if (delivery == null) {
                return null;
            }
            IsolaMessage message = session.messageFor(delivery);
            try {
                if (message instanceof IsolaStreamMessage || message.getClass() == IsolaMessage.class) {
                    throw new MessageFormatException("receiveBody cannot return the body of a " + message.getClass().getSimpleName()
                            + "; use receive()");
                }
                T body = message.getBody(c);
                session.consumed(delivery, false);
                return body;
            } catch (MessageFormatException e) {
                if (session.mode() == Session.AUTO_ACKNOWLEDGE || session.mode() == Session.DUPS_OK_ACKNOWLEDGE) {
                    session.connection().call(new BrokerCommand.Release(List.of(), List.of(delivery.tag())));
                } else {
                    session.consumed(delivery, false);
                }
                throw new MessageFormatRuntimeException(e.getMessage(), e.getErrorCode(), e);
            } catch (JMSException e) {
                session.connection().call(new BrokerCommand.Release(List.of(), List.of(delivery.tag())));
                throw e;
            }
        });
    }
}
