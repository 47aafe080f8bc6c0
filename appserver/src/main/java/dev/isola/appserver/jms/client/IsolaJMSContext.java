package dev.isola.appserver.jms.client;

import dev.isola.appserver.jms.message.IsolaBytesMessage;
import dev.isola.appserver.jms.message.IsolaMapMessage;
import dev.isola.appserver.jms.message.IsolaMessage;
import dev.isola.appserver.jms.message.IsolaObjectMessage;
import dev.isola.appserver.jms.message.IsolaQueue;
import dev.isola.appserver.jms.message.IsolaStreamMessage;
import dev.isola.appserver.jms.message.IsolaTextMessage;
import dev.isola.appserver.jms.message.IsolaTopic;
import jakarta.jms.BytesMessage;
import jakarta.jms.ConnectionMetaData;
import jakarta.jms.Destination;
import jakarta.jms.ExceptionListener;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSProducer;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.StreamMessage;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;

import java.io.Serializable;

/**
 * The simplified API: a connection and a session in one object. Contexts made with
 * {@link #createContext(int)} share the connection, which closes with the last of them.
 * Every checked exception of the classic API comes out as its runtime counterpart.
 */
final class IsolaJMSContext implements JMSContext {

    /** A connection shared by the contexts created from one another. */
    static final class SharedConnection {
        final IsolaConnection connection;
        private int users = 1;

        SharedConnection(IsolaConnection connection) {
            this.connection = connection;
        }

        synchronized void acquire() {
            if (users == 0) {
                throw new IllegalStateRuntimeException("the connection of this JMSContext is closed");
            }
            users++;
        }

        void release() throws JMSException {
            boolean last;
            synchronized (this) {
                last = --users == 0;
            }
            if (last) {
                connection.close();
            }
        }
    }

    private final SharedConnection shared;
    private final int sessionMode;
    private final boolean firstOfConnection;
    private IsolaSession session;
    private boolean autoStart = true;
    private boolean closed;

    IsolaJMSContext(SharedConnection shared, int sessionMode) {
        this(shared, sessionMode, true);
    }

    private IsolaJMSContext(SharedConnection shared, int sessionMode, boolean firstOfConnection) {
        if (sessionMode != SESSION_TRANSACTED && sessionMode != AUTO_ACKNOWLEDGE && sessionMode != CLIENT_ACKNOWLEDGE
                && sessionMode != DUPS_OK_ACKNOWLEDGE) {
            throw new JMSRuntimeException("session mode " + sessionMode + " is not one of SESSION_TRANSACTED (0), AUTO_ACKNOWLEDGE (1),"
                    + " CLIENT_ACKNOWLEDGE (2) or DUPS_OK_ACKNOWLEDGE (3)");
        }
        this.shared = shared;
        this.sessionMode = sessionMode;
        this.firstOfConnection = firstOfConnection;
    }

    private synchronized void checkOpen() {
        if (closed) {
            throw new IllegalStateRuntimeException("the JMSContext is closed");
        }
    }

    /** The session, created on first use so that {@link #setClientID} can still be called right after creation. */
    synchronized IsolaSession session() {
        checkOpen();
        if (session == null) {
            session = JmsExceptions.unchecked(() -> shared.connection.newSession(sessionMode, IsolaSession.Domain.UNIFIED));
        }
        return session;
    }

    IsolaConnection connection() {
        return shared.connection;
    }

    @Override
    public JMSContext createContext(int mode) {
        checkOpen();
        shared.acquire();
        try {
            return new IsolaJMSContext(shared, mode, false);
        } catch (JMSRuntimeException e) {
            JmsExceptions.uncheckedVoid(shared::release);
            throw e;
        }
    }

    @Override
    public JMSProducer createProducer() {
        return new IsolaJMSProducer(this);
    }

    @Override
    public String getClientID() {
        checkOpen();
        return JmsExceptions.unchecked(shared.connection::getClientID);
    }

    @Override
    public void setClientID(String clientID) {
        checkOpen();
        if (!firstOfConnection) {
            throw new IllegalStateRuntimeException("the client id cannot be set on a JMSContext made with createContext(int);"
                    + " it shares its connection");
        }
        JmsExceptions.uncheckedVoid(() -> shared.connection.setClientID(clientID));
    }

    @Override
    public ConnectionMetaData getMetaData() {
        checkOpen();
        return JmsExceptions.unchecked(shared.connection::getMetaData);
    }

    @Override
    public ExceptionListener getExceptionListener() {
        checkOpen();
        return JmsExceptions.unchecked(shared.connection::getExceptionListener);
    }

    @Override
    public void setExceptionListener(ExceptionListener listener) {
        checkOpen();
        JmsExceptions.uncheckedVoid(() -> shared.connection.setExceptionListener(listener));
    }

    @Override
    public void start() {
        checkOpen();
        JmsExceptions.uncheckedVoid(shared.connection::start);
    }

    @Override
    public void stop() {
        checkOpen();
        JmsExceptions.uncheckedVoid(shared.connection::stop);
    }

    @Override
    public synchronized void setAutoStart(boolean autoStart) {
        checkOpen();
        this.autoStart = autoStart;
    }

    @Override
    public synchronized boolean getAutoStart() {
        checkOpen();
        return autoStart;
    }

    @Override
    public void close() {
        IsolaSession toClose;
        synchronized (this) {
            if (closed) {
                return;
            }
            if (session != null && session.isListenerThread()) {
                throw new IllegalStateRuntimeException("a message listener must not close its own JMSContext");
            }
            closed = true;
            toClose = session;
        }
        JmsExceptions.uncheckedVoid(() -> {
            if (toClose != null) {
                toClose.close();
            }
            shared.release();
        });
    }

    @Override
    public BytesMessage createBytesMessage() {
        checkOpen();
        return new IsolaBytesMessage();
    }

    @Override
    public MapMessage createMapMessage() {
        checkOpen();
        return new IsolaMapMessage();
    }

    @Override
    public Message createMessage() {
        checkOpen();
        return new IsolaMessage();
    }

    @Override
    public ObjectMessage createObjectMessage() {
        checkOpen();
        return new IsolaObjectMessage(shared.connection.objectFilter());
    }

    @Override
    public ObjectMessage createObjectMessage(Serializable object) {
        ObjectMessage message = createObjectMessage();
        JmsExceptions.uncheckedVoid(() -> message.setObject(object));
        return message;
    }

    @Override
    public StreamMessage createStreamMessage() {
        checkOpen();
        return new IsolaStreamMessage();
    }

    @Override
    public TextMessage createTextMessage() {
        checkOpen();
        return new IsolaTextMessage();
    }

    @Override
    public TextMessage createTextMessage(String text) {
        checkOpen();
        return new IsolaTextMessage(text);
    }

    @Override
    public boolean getTransacted() {
        checkOpen();
        return sessionMode == SESSION_TRANSACTED;
    }

    @Override
    public int getSessionMode() {
        checkOpen();
        return sessionMode;
    }

    @Override
    public void commit() {
        JmsExceptions.uncheckedVoid(session()::commit);
    }

    @Override
    public void rollback() {
        JmsExceptions.uncheckedVoid(session()::rollback);
    }

    @Override
    public void recover() {
        JmsExceptions.uncheckedVoid(session()::recover);
    }

    private JMSConsumer consumer(JmsExceptions.Action<jakarta.jms.MessageConsumer> create) {
        IsolaConsumer consumer = (IsolaConsumer) JmsExceptions.unchecked(create);
        if (getAutoStart()) {
            JmsExceptions.uncheckedVoid(shared.connection::start);
        }
        return new IsolaJMSConsumer(session(), consumer);
    }

    @Override
    public JMSConsumer createConsumer(Destination destination) {
        return consumer(() -> session().createConsumer(destination));
    }

    @Override
    public JMSConsumer createConsumer(Destination destination, String messageSelector) {
        return consumer(() -> session().createConsumer(destination, messageSelector));
    }

    @Override
    public JMSConsumer createConsumer(Destination destination, String messageSelector, boolean noLocal) {
        return consumer(() -> session().createConsumer(destination, messageSelector, noLocal));
    }

    @Override
    public Queue createQueue(String queueName) {
        checkOpen();
        return new IsolaQueue(queueName);
    }

    @Override
    public Topic createTopic(String topicName) {
        checkOpen();
        return new IsolaTopic(topicName);
    }

    @Override
    public JMSConsumer createDurableConsumer(Topic topic, String name) {
        return consumer(() -> session().createDurableConsumer(topic, name));
    }

    @Override
    public JMSConsumer createDurableConsumer(Topic topic, String name, String messageSelector, boolean noLocal) {
        return consumer(() -> session().createDurableConsumer(topic, name, messageSelector, noLocal));
    }

    @Override
    public JMSConsumer createSharedDurableConsumer(Topic topic, String name) {
        return consumer(() -> session().createSharedDurableConsumer(topic, name));
    }

    @Override
    public JMSConsumer createSharedDurableConsumer(Topic topic, String name, String messageSelector) {
        return consumer(() -> session().createSharedDurableConsumer(topic, name, messageSelector));
    }

    @Override
    public JMSConsumer createSharedConsumer(Topic topic, String sharedSubscriptionName) {
        return consumer(() -> session().createSharedConsumer(topic, sharedSubscriptionName));
    }

    @Override
    public JMSConsumer createSharedConsumer(Topic topic, String sharedSubscriptionName, String messageSelector) {
        return consumer(() -> session().createSharedConsumer(topic, sharedSubscriptionName, messageSelector));
    }

    @Override
    public QueueBrowser createBrowser(Queue queue) {
        return JmsExceptions.unchecked(() -> session().createBrowser(queue));
    }

    @Override
    public QueueBrowser createBrowser(Queue queue, String messageSelector) {
        return JmsExceptions.unchecked(() -> session().createBrowser(queue, messageSelector));
    }

    @Override
    public TemporaryQueue createTemporaryQueue() {
        return JmsExceptions.unchecked(session()::createTemporaryQueue);
    }

    @Override
    public TemporaryTopic createTemporaryTopic() {
        return JmsExceptions.unchecked(session()::createTemporaryTopic);
    }

    @Override
    public void unsubscribe(String name) {
        JmsExceptions.uncheckedVoid(() -> session().unsubscribe(name));
    }

    @Override
    public void acknowledge() {
        IsolaSession s = session();
        if (sessionMode == CLIENT_ACKNOWLEDGE) {
            JmsExceptions.uncheckedVoid(s::acknowledgeAll);
        }
    }
}
