package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.naming.JavaContext;
import dev.isola.appserver.naming.NamingScopes;
import dev.isola.appserver.naming.Scopes;
import dev.isola.appserver.tx.LocalTransaction;
import dev.isola.appserver.tx.TransactionalResource;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.LockType;
import jakarta.ejb.TransactionAttributeType;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Destination;
import jakarta.jms.InvalidClientIDException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.Topic;

import javax.naming.NamingException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * A message-driven bean: {@code maxSessions} consumers on the destination its activation
 * configuration names, each with its own transacted session, its own bean instance and its own
 * virtual thread, so up to {@code maxSessions} messages are processed at a time.
 *
 * <pre>
 *   worker (virtual thread, one per session)
 *     receive ─▶ [container transaction: enlist the receipt ─▶ interceptors ─▶ onMessage ─▶ JDBC work]
 *                   commit: the database first, then the receipt (the session's acknowledgement)
 *                   rollback: the session gives the message back; the broker redelivers it
 *                   (JMSRedelivered, JMSXDeliveryCount + 1) or, after the destination's
 *                   maxDeliveryAttempts, moves it to the dead-letter queue
 * </pre>
 *
 * <p>With {@code REQUIRED} (the default) the receipt of the message is a last resource of the
 * delivery's transaction (see {@link LocalTransaction} for the commit order and what a crash
 * between the two commits leaves: at worst a redelivery of a message whose database work is
 * done, so beans should be idempotent). With {@code NOT_SUPPORTED} or bean-managed transactions
 * the container acknowledges after {@code onMessage} returns and gives the message back if it
 * throws a system exception. An instance that threw a system exception is discarded; the next
 * message gets a new one. After a failure the session waits a little before the next receive
 * (doubling up to two seconds), so a poison message cannot make the bean spin.
 *
 * <p>A lost JMS connection (the domain's JMS isolate died, in a separated domain) does not
 * stop the bean: the container closes what is left of it and connects again, waiting 50 ms
 * doubling up to two seconds between attempts, until the broker is back (the domain connects
 * the restarted JMS isolate) or the bean is undeployed. Messages it had received and not
 * committed come back from the broker, flagged as redelivered.
 *
 * <p>Undeploying stops receiving, lets deliveries in progress finish (up to
 * {@code messageDrivenStopWait}; a delivery still running then is cut off and its message
 * redelivered later), runs {@code @PreDestroy} and closes the connection: no message is lost
 * or acknowledged half-processed.
 */
final class MessageDrivenContainer extends BeanContainer {

    private static final System.Logger LOG = System.getLogger(MessageDrivenContainer.class.getName());
    private static final String DEFAULT_CONNECTION_FACTORY = "java:comp/DefaultJMSConnectionFactory";
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(2);

    private final ActivationConfig activation;
    private final BusinessMethod listener;
    private final DeploymentException.Location at;
    private final Duration stopWait;
    private final List<Worker> workers = new ArrayList<>();
    private final CountDownLatch stopping = new CountDownLatch(1);
    private final ConcurrentLinkedDeque<BeanInstance> timeoutInstances = new ConcurrentLinkedDeque<>();
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong redelivering = new AtomicLong();
    private final Object reconnecting = new Object();
    private volatile boolean running;
    /** The connection and its sessions now; replaced when the connection is lost. */
    private volatile Consumption consumption;
    private Destination destination;
    private ConnectionFactory factory;
    private boolean topic;
    private String subscription;
    private String source = "nothing yet";

    /** One JMS connection with a transacted session and its consumer per worker. */
    private record Consumption(Connection connection, List<Session> sessions, List<MessageConsumer> consumers) {
    }

    MessageDrivenContainer(BeanDefinition definition, EjbApplication application, EjbServices services, Scopes scopes,
                           DeploymentException.Location at) {
        super(definition, application, services, scopes, at);
        this.at = at;
        this.stopWait = services.settings().messageDrivenStopWait();
        BeanKind.MessageDriven kind = (BeanKind.MessageDriven) definition.kind();
        this.activation = kind.activation();
        TransactionAttributeType attribute = BeanMethods.transactionAttribute(kind.listenerMethod(), definition.descriptor().transactionsOf(name()));
        if (!definition.beanManagedTransactions() && attribute != TransactionAttributeType.REQUIRED
                && attribute != TransactionAttributeType.NOT_SUPPORTED) {
            throw at.atMember("method " + kind.listenerMethod().getName()).error("message-driven bean " + name() + ": the transaction attribute of "
                    + kind.listenerMethod().getName() + " is " + attribute + "; a message listener method may only be REQUIRED or NOT_SUPPORTED");
        }
        this.listener = new BusinessMethod(kind.listenerMethod(), attribute, chains.aroundInvoke(kind.listenerMethod()), false, LockType.WRITE,
                null, false, false, new MethodPermission.Unchecked());
    }

    // ---- start: resolve, connect, create the first instance, consume -------------------------

    /**
     * Resolves the destination and connection factory in the bean's naming environment,
     * creates the consumers and the first instance (so that a failing {@code @PostConstruct}
     * fails the deployment), then starts consuming.
     *
     * @throws DeploymentException naming the bean and the activation config property at fault
     */
    @Override
    void start() {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(definition.beanClass().getClassLoader());
        try (var _ = NamingScopes.enter(scopes)) {
            connect();
        } catch (RuntimeException e) {
            stop();
            throw e;
        } finally {
            thread.setContextClassLoader(previous);
        }
        running = true;
        for (Worker w : workers) {
            w.thread = Thread.ofVirtual().name("mdb-" + application.name() + "-" + name() + "-" + w.index).start(w::run);
        }
    }

    private void connect() {
        destination = lookup(activation.destinationLookup(), Destination.class, ActivationConfig.DESTINATION_LOOKUP,
                "a jakarta.jms.Queue or jakarta.jms.Topic");
        topic = destination instanceof Topic && !(destination instanceof Queue);
        activation.destinationType().ifPresent(type -> {
            if ((type == DestinationType.TOPIC) != topic) {
                throw ActivationConfig.error(at, name(), ActivationConfig.DESTINATION_TYPE, "is jakarta.jms." + (topic ? "Queue" : "Topic")
                        + ", but " + ActivationConfig.DESTINATION_LOOKUP + " " + activation.destinationLookup() + " names " + destination);
            }
        });
        if (activation.durable() && !topic) {
            throw ActivationConfig.error(at, name(), ActivationConfig.SUBSCRIPTION_DURABILITY, "is Durable, but "
                    + activation.destinationLookup() + " names " + destination + ": only topic subscriptions are durable");
        }
        String factoryName = activation.connectionFactoryLookup().orElse(DEFAULT_CONNECTION_FACTORY);
        factory = lookup(factoryName, ConnectionFactory.class, ActivationConfig.CONNECTION_FACTORY_LOOKUP,
                "a jakarta.jms.ConnectionFactory");
        subscription = activation.subscriptionName().orElse(application.name() + "." + definition.module() + "." + name());
        source = topic ? (activation.durable() ? "durable" : "shared") + " subscription '" + subscription + "' of " + destination : destination.toString();
        for (int i = 0; i < activation.maxSessions(); i++) {
            workers.add(new Worker(i));
        }
        try {
            consumption = consume();
        } catch (InvalidClientIDException e) {
            throw ActivationConfig.error(at, name(), ActivationConfig.CLIENT_ID, "'" + activation.clientId().orElse("")
                    + "' cannot be used: " + e.getMessage());
        } catch (InvalidDestinationException e) {
            throw ActivationConfig.error(at, name(), ActivationConfig.DESTINATION_LOOKUP, activation.destinationLookup() + " names "
                    + destination + ", which the JMS broker refuses: " + e.getMessage());
        } catch (JMSException e) {
            throw at.error("message-driven bean " + name() + " cannot consume from " + source + ": " + e.getMessage(), e);
        }
        try {
            workers.getFirst().instance = newInstance();
        } catch (RuntimeException e) {
            String callbacks = InterceptorChains.annotatedMethods(definition.beanClass(), PostConstruct.class).stream()
                    .map(Method::getName).collect(Collectors.joining(", "));
            throw at.error("message-driven bean " + name() + " could not be created: " + (callbacks.isEmpty() ? "" : "@PostConstruct method "
                    + callbacks + " threw ") + rootCause(e), e);
        }
        try {
            consumption.connection().start();
        } catch (JMSException e) {
            throw at.error("message-driven bean " + name() + " cannot start consuming from " + source + ": " + e.getMessage(), e);
        }
    }

    /** Opens a connection with one transacted session and consumer per worker (not started). */
    private Consumption consume() throws JMSException {
        Connection connection = factory.createConnection();
        try {
            if (activation.clientId().isPresent()) {
                connection.setClientID(activation.clientId().get());
            }
            List<Session> sessions = new ArrayList<>();
            List<MessageConsumer> consumers = new ArrayList<>();
            for (int i = 0; i < activation.maxSessions(); i++) {
                Session session = connection.createSession(Session.SESSION_TRANSACTED);
                MessageConsumer consumer;
                if (!topic) {
                    consumer = session.createConsumer(destination, activation.messageSelector());
                } else if (activation.durable()) {
                    consumer = session.createSharedDurableConsumer((Topic) destination, subscription, activation.messageSelector());
                } else {
                    consumer = session.createSharedConsumer((Topic) destination, subscription, activation.messageSelector());
                }
                sessions.add(session);
                consumers.add(consumer);
            }
            return new Consumption(connection, sessions, consumers);
        } catch (JMSException | RuntimeException e) {
            closeQuietly(connection);
            throw e;
        }
    }

    /**
     * After {@code failed}'s connection broke: closes it and connects again until that works
     * or the bean stops. One worker does it; the others wait and then use the new connection.
     */
    private void reconnect(Consumption failed, String why) {
        synchronized (reconnecting) {
            if (consumption != failed || !running) {
                return;
            }
            LOG.log(System.Logger.Level.WARNING, "application " + application.name() + ", message-driven bean " + name() + ": lost "
                    + source + " (" + why + "); connecting again");
            closeQuietly(failed.connection());
            long delay = 50;
            int attempts = 0;
            while (running) {
                try {
                    stopping.await(delay, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                if (!running) {
                    return;
                }
                attempts++;
                Thread thread = Thread.currentThread();
                ClassLoader previous = thread.getContextClassLoader();
                thread.setContextClassLoader(definition.beanClass().getClassLoader());
                try (var _ = NamingScopes.enter(scopes)) {
                    Consumption next = consume();
                    next.connection().start();
                    consumption = next;
                    LOG.log(System.Logger.Level.INFO, "application " + application.name() + ", message-driven bean " + name()
                            + ": consuming from " + source + " again after " + attempts + " attempt" + (attempts == 1 ? "" : "s"));
                    return;
                } catch (JMSException | RuntimeException e) {
                    LOG.log(System.Logger.Level.DEBUG, "message-driven bean " + name() + ": connecting again failed: " + e.getMessage());
                } finally {
                    thread.setContextClassLoader(previous);
                }
                delay = Math.min(MAX_BACKOFF.toMillis(), delay * 2);
            }
        }
    }

    private void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (JMSException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "message-driven bean " + name() + ": closing a JMS connection: " + e.getMessage());
        }
    }

    private <T> T lookup(String jndiName, Class<T> type, String property, String expected) {
        Object found;
        try {
            found = JavaContext.lookupAbsolute(jndiName.startsWith("java:") ? jndiName : "java:comp/env/" + jndiName);
        } catch (NamingException e) {
            throw ActivationConfig.error(at, name(), property, "names " + jndiName + ", which is not bound (" + e.getMessage() + ")");
        }
        if (!type.isInstance(found)) {
            throw ActivationConfig.error(at, name(), property, "names " + jndiName + ", which is a " + found.getClass().getName()
                    + ", not " + expected);
        }
        return type.cast(found);
    }

    private static String rootCause(Throwable t) {
        Throwable cause = t;
        while (cause.getCause() != null && cause.getCause() != cause
                && (cause instanceof jakarta.ejb.EJBException || cause instanceof java.lang.reflect.InvocationTargetException)) {
            cause = cause.getCause();
        }
        return cause.toString();
    }

    // ---- deliveries --------------------------------------------------------------------------

    /** One consuming session (by index, in whichever connection is current) with its instance and thread. */
    private final class Worker {
        final int index;
        final CountDownLatch finished = new CountDownLatch(1);
        volatile Thread thread;
        BeanInstance instance;
        int failuresInARow;

        Worker(int index) {
            this.index = index;
        }

        void run() {
            try {
                while (running) {
                    Consumption current = consumption;
                    Message message;
                    try {
                        message = current.consumers().get(index).receive();
                    } catch (JMSException e) {
                        if (running) {
                            reconnect(current, e.getMessage());
                        }
                        continue;
                    }
                    if (message != null) {
                        deliver(this, current.sessions().get(index), message);
                    } else if (running && current == consumption) {
                        reconnect(current, "the broker closed the consumer");
                    }
                }
            } finally {
                finished.countDown();
            }
        }
    }

    /** The receipt of the message a worker is delivering, as the last resource of the delivery's transaction. */
    private static final class Receipt implements TransactionalResource {
        private final Session session;
        private final String description;
        private boolean committed;

        Receipt(Session session, String description) {
            this.session = session;
            this.description = description;
        }

        @Override
        public String describe() {
            return description;
        }

        @Override
        public void commit() throws JMSException {
            session.commit();
            committed = true;
        }

        @Override
        public void rollback() throws JMSException {
            session.rollback();
        }

        @Override
        public void release() {
        }
    }

    private void deliver(Worker w, Session session, Message message) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(definition.beanClass().getClassLoader());
        Receipt[] receipt = new Receipt[1];
        try (var _ = NamingScopes.enter(scopes); var _ = callsOnwardAs(null)) {
            CurrentCall.push(new CurrentCall(this, null, new HashMap<>(), null, null));
            try {
                if (w.instance == null) {
                    w.instance = newInstance();
                }
                runWork(w.instance, listener, new Object[] {message}, null, null, () -> receipt[0] = enlistReceipt(w, session, message));
                if (receipt[0] == null) {
                    session.commit();
                } else if (!receipt[0].committed) {
                    // The bean called setRollbackOnly: the transaction rolled the receipt back.
                    backOff(w);
                    return;
                }
                delivered.incrementAndGet();
                w.failuresInARow = 0;
            } catch (Throwable t) {
                failed(w, session, message, t, receipt[0] != null);
            } finally {
                CurrentCall.pop();
            }
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private Receipt enlistReceipt(Worker w, Session session, Message message) {
        LocalTransaction tx = services.transactionManager().currentTransaction();
        if (tx == null) {
            return null;
        }
        String description = "the receipt of message " + messageId(message) + " by message-driven bean " + name();
        return tx.enlistLast(w, description, () -> new Receipt(session, description));
    }

    /**
     * After a failed delivery: without a container transaction the container decides here
     * (a system exception gives the message back, an application exception consumes it); in
     * one, the transaction has already decided.
     */
    private void failed(Worker w, Session session, Message message, Throwable t, boolean inTransaction) {
        boolean system = isSystemFailure(t);
        if (!inTransaction) {
            try {
                if (system) {
                    session.rollback();
                } else {
                    session.commit();
                }
            } catch (JMSException e) {
                LOG.log(System.Logger.Level.WARNING, "application " + application.name() + ", message-driven bean " + name()
                        + ": settling message " + messageId(message) + " failed: " + e.getMessage());
            }
        }
        if (system) {
            w.instance = null;
            redelivering.incrementAndGet();
        }
        LOG.log(System.Logger.Level.WARNING, "application " + application.name() + ", message-driven bean " + name() + ": message "
                + messageId(message) + " (delivery " + deliveryCount(message) + ") " + (system
                ? "failed, the message goes back to " + source + " for redelivery or the dead-letter queue: " + rootCause(t)
                : "ended with application exception " + t + "; it is consumed"));
        backOff(w);
    }

    /** Waits before the worker's next receive after failures in a row: 50 ms, doubling, at most two seconds; stop cuts it short. */
    private void backOff(Worker w) {
        w.failuresInARow++;
        long millis = Math.min(MAX_BACKOFF.toMillis(), 50L << Math.min(w.failuresInARow - 1, 10));
        try {
            stopping.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String messageId(Message message) {
        try {
            return message.getJMSMessageID();
        } catch (JMSException e) {
            return "(unknown id)";
        }
    }

    private static String deliveryCount(Message message) {
        try {
            return message.propertyExists("JMSXDeliveryCount") ? Integer.toString(message.getIntProperty("JMSXDeliveryCount")) : "1";
        } catch (JMSException e) {
            return "?";
        }
    }

    /** Timeout callbacks ({@code @Timeout}, {@code @Schedule}) of a message-driven bean run on instances of their own. */
    @Override
    Object dispatch(ViewReference reference, BusinessMethod bm, Object[] args, Object timer) throws Exception {
        BeanInstance instance = timeoutInstances.pollFirst();
        if (instance == null) {
            instance = newInstance();
        }
        try {
            Object result = runWork(instance, bm, args, timer, null);
            timeoutInstances.addFirst(instance);
            return result;
        } catch (Throwable t) {
            if (!isSystemFailure(t)) {
                timeoutInstances.addFirst(instance);
            }
            throw t;
        }
    }

    // ---- stop --------------------------------------------------------------------------------

    /**
     * Stops consuming: no new message is taken, deliveries in progress finish (their
     * transactions commit or roll back as usual), then the instances are destroyed and the
     * connection closed. Safe to call on a container that started only in part.
     */
    @Override
    void stop() {
        running = false;
        stopping.countDown();
        Consumption current;
        synchronized (reconnecting) {
            current = consumption;
        }
        if (current != null) {
            for (MessageConsumer consumer : current.consumers()) {
                try {
                    consumer.close();
                } catch (JMSException e) {
                    LOG.log(System.Logger.Level.DEBUG, "closing a consumer of " + name() + ": " + e.getMessage());
                }
            }
        }
        long deadline = System.nanoTime() + stopWait.toNanos();
        for (Worker w : workers) {
            boolean done = w.thread == null;
            try {
                done = done || w.finished.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (!done) {
                LOG.log(System.Logger.Level.WARNING, "application " + application.name() + ", message-driven bean " + name() + ": a delivery"
                        + " was still running after " + stopWait.toSeconds() + " s; closing its session, so its message will be redelivered");
            } else if (w.instance != null) {
                destroy(w.instance);
                w.instance = null;
            }
        }
        BeanInstance spare;
        while ((spare = timeoutInstances.pollFirst()) != null) {
            destroy(spare);
        }
        if (current != null) {
            try {
                current.connection().close();
            } catch (JMSException e) {
                LOG.log(System.Logger.Level.WARNING, "application " + application.name() + ", message-driven bean " + name()
                        + ": closing its JMS connection: " + e.getMessage());
            }
        }
    }

    /** For status output: where it consumes from, how many sessions, and what happened so far. */
    String describe() {
        return "consumes from " + source + " with " + workers.size() + " sessions, delivered " + delivered.get() + ", failed and given back "
                + redelivering.get();
    }
}
