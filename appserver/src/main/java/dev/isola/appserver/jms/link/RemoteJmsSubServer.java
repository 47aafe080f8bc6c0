package dev.isola.appserver.jms.link;

import dev.isola.appserver.jms.broker.DestinationStats;
import dev.isola.appserver.jms.client.IsolaConnectionFactory;
import dev.isola.appserver.jms.client.TransactionEnlistment;
import dev.isola.appserver.jms.config.ConnectionFactoryConfig;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.config.InvalidJmsConfigException;
import dev.isola.appserver.jms.config.JmsConfig;
import dev.isola.appserver.jms.container.ApplicationJms;
import dev.isola.appserver.jms.protocol.BrokerConnection;
import dev.isola.appserver.jms.protocol.BrokerConnector;
import dev.isola.appserver.jms.protocol.BrokerUnavailableException;
import dev.isola.appserver.jms.protocol.ClientEvents;
import dev.isola.mvm.invoke.LinkPair;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The JMS sub-server of a separated domain as a web or EJB isolate sees it: the broker runs in
 * the domain's JMS isolate, and everything goes there over a pair of links ({@link #connect}).
 * Applications get the same connection factories as in a combined domain (their sessions join
 * this isolate's container transactions, with the same commit order); only the broker is
 * elsewhere.
 *
 * <ul>
 *   <li>Before the first {@link #connect}, and while the JMS isolate is dead, creating a
 *       connection fails with a {@code JMSException} naming the domain; open connections are
 *       lost ({@code ExceptionListener}, {@code JMSException} from calls in progress), and
 *       message-driven beans keep trying to connect again.</li>
 *   <li>{@link #connect} with a new pair (a restarted JMS isolate) first declares again the
 *       destinations of the applications deployed here, then lets new connections through it,
 *       so message-driven beans resume.</li>
 * </ul>
 */
public final class RemoteJmsSubServer implements ApplicationJms {

    private static final System.Logger LOG = System.getLogger(RemoteJmsSubServer.class.getName());
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(30);

    private final JmsConfig config;
    private final String domain;
    private final TransactionEnlistment enlistment;
    private final IsolaConnectionFactory defaultFactory;
    /** What the applications deployed here declared, to declare again on a new JMS isolate. */
    private final Map<String, List<DestinationConfig>> declared = new LinkedHashMap<>();
    private volatile JmsLinkChannel channel;
    private volatile boolean stopped;

    /** The connector every factory holds: it goes through whichever pair is current. */
    private final BrokerConnector connector = new BrokerConnector() {
        @Override
        public BrokerConnection connect(ClientEvents events) {
            JmsLinkChannel current = channel;
            if (current == null) {
                throw new BrokerUnavailableException(notConnected());
            }
            return current.connect(events);
        }
    };

    /**
     * @param config     the domain's JMS configuration (for the default connection factory's settings)
     * @param domain     the domain's name, for messages
     * @param enlistment how sessions join this isolate's container transactions
     */
    public RemoteJmsSubServer(JmsConfig config, String domain, TransactionEnlistment enlistment) {
        this.config = Objects.requireNonNull(config, "config");
        this.domain = Objects.requireNonNull(domain, "domain");
        this.enlistment = Objects.requireNonNull(enlistment, "enlistment");
        this.defaultFactory = new IsolaConnectionFactory(connector, config.defaultConnectionFactory(), enlistment);
    }

    private String notConnected() {
        return "the JMS isolate of domain " + domain + " is not connected yet (the domain connects it once it runs)";
    }

    private String unreachable(String peer) {
        return "the JMS isolate of domain " + domain + " (" + peer + ") is not reachable";
    }

    /**
     * Uses {@code toJmsIsolate} (outgoing: to the JMS isolate) from now on. The destinations of
     * the applications deployed here are declared on it first; connections over the previous
     * pair are lost.
     *
     * @throws IllegalArgumentException if the links cannot carry the largest message the broker accepts
     * @throws IllegalStateException    if the destinations cannot be declared on the new JMS isolate (the pair is not used)
     */
    public synchronized void connect(LinkPair toJmsIsolate) {
        Objects.requireNonNull(toJmsIsolate, "toJmsIsolate");
        JmsLinks.checkCapacity(toJmsIsolate, config.maxMessageSize());
        JmsLinkChannel next = new JmsLinkChannel(toJmsIsolate, unreachable(toJmsIsolate.outgoing().receiverId()));
        try {
            declared.forEach((application, destinations) -> destinations.forEach(d -> await(next, new JmsLinkMessage.Operation.Declare(application,
                    JmsLinkMessage.Destination.of(d)), "declaring " + d.type().name().toLowerCase() + " '" + d.name() + "' of application " + application)));
        } catch (RuntimeException e) {
            next.close("it was not taken into use: " + e.getMessage());
            throw e;
        }
        JmsLinkChannel previous = channel;
        channel = next;
        if (previous != null) {
            previous.close("the domain connected the JMS isolate " + next.peer() + " instead");
        }
        LOG.log(System.Logger.Level.INFO, "domain " + domain + ": connected to the JMS isolate " + next.peer());
    }

    /** Whether a pair is connected and, as far as this side knows, alive. */
    public boolean connected() {
        JmsLinkChannel current = channel;
        return current != null && current.alive();
    }

    @Override
    public IsolaConnectionFactory defaultConnectionFactory() {
        return defaultFactory;
    }

    @Override
    public IsolaConnectionFactory connectionFactory(ConnectionFactoryConfig settings, boolean transactional) {
        return new IsolaConnectionFactory(connector, settings, transactional ? enlistment : null);
    }

    @Override
    public synchronized Runnable declare(String application, DestinationConfig destination) {
        JmsLinkChannel current = requireChannel();
        JmsLinkMessage.AdminReply reply = await(current, new JmsLinkMessage.Operation.Declare(application, JmsLinkMessage.Destination.of(destination)),
                "declaring " + destination.type().name().toLowerCase() + " '" + destination.name() + "'");
        declared.computeIfAbsent(application, k -> new ArrayList<>()).add(destination);
        long declaration = reply.declaration();
        return () -> {
            synchronized (this) {
                List<DestinationConfig> mine = declared.get(application);
                if (mine != null) {
                    mine.remove(destination);
                }
            }
            if (channel == current && current.alive()) {
                await(current, new JmsLinkMessage.Operation.Undeclare(declaration), "undoing the declaration of '" + destination.name() + "'");
            }
        };
    }

    @Override
    public void checkDeadLetterQueue(DestinationConfig destination) {
        await(requireChannel(), new JmsLinkMessage.Operation.CheckDeadLetterQueue(JmsLinkMessage.Destination.of(destination)),
                "checking the dead-letter queue of '" + destination.name() + "'");
    }

    @Override
    public void applicationUndeployed(String application) {
        synchronized (this) {
            declared.remove(application);
        }
        JmsLinkChannel current = channel;
        if (current != null && current.alive()) {
            try {
                await(current, new JmsLinkMessage.Operation.ApplicationUndeployed(application), "undeploying " + application);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "domain " + domain + ": telling the JMS isolate that " + application + " is undeployed: "
                        + e.getMessage());
            }
        }
    }

    private JmsLinkChannel requireChannel() {
        JmsLinkChannel current = channel;
        if (current == null) {
            throw new IllegalStateException(notConnected());
        }
        return current;
    }

    private JmsLinkMessage.AdminReply await(JmsLinkChannel on, JmsLinkMessage.Operation operation, String what) {
        JmsLinkMessage.AdminReply reply;
        try {
            reply = on.admin(operation).get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + what + " in the JMS isolate of domain " + domain, e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("the JMS isolate of domain " + domain + " did not answer within " + ADMIN_TIMEOUT.toSeconds()
                    + " s while " + what);
        } catch (ExecutionException e) {
            throw new IllegalStateException(what + " failed: " + e.getCause().getMessage(), e.getCause());
        }
        if (reply.invalid() != null) {
            throw new InvalidJmsConfigException(reply.invalid());
        }
        if (reply.failure() != null) {
            throw new IllegalStateException(what + " failed in the JMS isolate of domain " + domain + ": " + reply.failure());
        }
        return reply;
    }

    @Override
    public List<DestinationStats> destinations() {
        return List.of();
    }

    @Override
    public synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        JmsLinkChannel current = channel;
        channel = null;
        if (current != null) {
            current.close("this isolate stops");
        }
    }
}
