package dev.isola.appserver.testapps.mdb;

import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;

import javax.sql.DataSource;

/** Application code that updates Derby and uses JMS in one container-managed transaction. */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class SenderBean {
    @Resource
    private DataSource ds;
    @Resource
    private ConnectionFactory factory;
    @Resource(lookup = "java:app/jms/Untransacted")
    private ConnectionFactory untransacted;
    @Resource(lookup = "java:app/jms/Outbound")
    private Queue outbound;
    @Resource
    private SessionContext context;

    /** An order row and a message about it, then the end the caller asks for. */
    public void placeOrder(String tag, String outcome) throws RollbackFailure {
        Journal.order(ds, tag);
        try (JMSContext jms = factory.createContext()) {
            jms.createProducer().setProperty("tag", tag).send(outbound, "order:" + tag);
        }
        switch (outcome) {
            case "ok" -> { }
            case "system" -> throw new IllegalStateException("system failure after the send");
            case "app-rollback" -> throw new RollbackFailure("application exception with rollback=true after the send");
            case "rollback-only" -> context.setRollbackOnly();
            case "commit-fails" -> Journal.spoilTheCommit(ds, tag);
            default -> throw new IllegalArgumentException(outcome);
        }
    }

    /**
     * The classic API, with a non-transacted session asked for and the connection closed before
     * the transaction ends: the session joins the transaction anyway, and refuses its own commit.
     */
    public String placeOrderClassic(String tag, boolean fail) throws JMSException {
        Journal.order(ds, tag);
        String seen;
        try (Connection connection = factory.createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(outbound);
            Message message = session.createTextMessage("order:" + tag);
            message.setStringProperty("tag", tag);
            producer.send(message);
            seen = "transacted=" + session.getTransacted();
            try {
                session.commit();
                seen += ", commit allowed";
            } catch (JMSException e) {
                seen += ", " + e.getClass().getSimpleName();
            }
        }
        if (fail) {
            throw new IllegalStateException("failure after the connection was closed");
        }
        return seen;
    }

    /**
     * Sends to a temporary queue whose connection closes before the commit: the database
     * commits, then the JMS commit fails.
     */
    public void partlyCommitted(String tag) throws JMSException {
        Journal.order(ds, tag);
        try (Connection owner = untransacted.createConnection(); JMSContext jms = factory.createContext()) {
            TemporaryQueue temporary = owner.createSession().createTemporaryQueue();
            jms.createProducer().send(temporary, "order:" + tag);
        }
    }

    /** Receives the outbound message with {@code tag} inside the transaction, then rolls back: the message comes back. */
    public String receiveAndRollBack(String tag) throws JMSException {
        try (Connection connection = factory.createConnection()) {
            connection.start();
            Session session = connection.createSession();
            MessageConsumer consumer = session.createConsumer(outbound, "tag = '" + tag + "'");
            Message m = consumer.receive(5000);
            context.setRollbackOnly();
            return m == null ? "none" : "received";
        }
    }
}
