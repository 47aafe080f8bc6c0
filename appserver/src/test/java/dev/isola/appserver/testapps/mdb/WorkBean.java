package dev.isola.appserver.testapps.mdb;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.MessageDrivenContext;
import jakarta.interceptor.Interceptors;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.Queue;

import javax.sql.DataSource;

/**
 * The main test MDB (container-managed, REQUIRED): journals every message in the delivery's
 * transaction and ends as the message's kind says.
 */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/Work"),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "maxSessions", propertyValue = "3")
})
@Interceptors(TraceInterceptor.class)
public class WorkBean implements MessageListener {
    @Resource
    private DataSource ds;
    @Resource
    private MessageDrivenContext context;
    @Resource
    private ConnectionFactory factory;
    @Resource(lookup = "java:app/jms/Outbound")
    private Queue outbound;
    private String created;

    @PostConstruct
    void init() {
        created = "post-constructed";
    }

    @Override
    public void onMessage(Message message) {
        String text = Journal.text(message);
        String kind = text.substring(0, text.indexOf(':'));
        Journal.record(ds, "WorkBean", message, created + ", " + context.getContextData().get("traced") + ", rollbackOnly=" + context.getRollbackOnly());
        boolean first = !Journal.redelivered(message);
        switch (kind) {
            case "ok" -> { }
            case "rollback-once" -> {
                if (first) {
                    context.setRollbackOnly();
                }
            }
            case "commit-fails-once" -> {
                if (first) {
                    Journal.spoilTheCommit(ds, Journal.tag(message));
                }
            }
            case "throw-once" -> {
                if (first) {
                    throw new IllegalStateException("first delivery of " + text + " fails");
                }
            }
            case "forward", "forward-throw-once" -> {
                try (JMSContext jms = factory.createContext()) {
                    jms.createProducer().setProperty("tag", Journal.tag(message)).send(outbound, "forwarded:" + Journal.tag(message));
                }
                if (kind.equals("forward-throw-once") && first) {
                    throw new IllegalStateException("first delivery of " + text + " fails after forwarding");
                }
            }
            default -> throw new IllegalArgumentException("unknown kind " + kind);
        }
    }
}
