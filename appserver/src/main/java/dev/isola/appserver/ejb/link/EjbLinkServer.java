package dev.isola.appserver.ejb.link;

import dev.isola.appserver.ejb.EjbApplication;
import dev.isola.appserver.ejb.EjbApplications;
import dev.isola.mvm.invoke.InvocationServer;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkClosedException;
import dev.isola.mvm.link.LinkException;
import dev.isola.mvm.link.LinkMessage;
import dev.isola.mvm.link.LinkOptions;
import dev.isola.mvm.link.codec.ClassAllowList;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The EJB isolate's side of a separated domain: serves web isolates that reach its beans over
 * links.
 *
 * <pre>
 *   web isolate                          EJB isolate
 *   control pair ─── Open("shop") ─────▶ this server ── new pair for shop ──▶ InvocationServer
 *   per-application pair ── calls ─────────────────────────────────────────▶ BeanCallDispatcher ─▶ BeanInvoker
 * </pre>
 *
 * <p>Each client's control pair gets a thread that answers {@link EjbLinkMessage.Open}: if
 * the application runs here, two new links to the client carry its calls, served by an
 * {@link InvocationServer} whose codec resolves classes in the application's loader and admits
 * only the application's classes and JDK value types ({@link ApplicationValues}). Undeploying
 * the application closes its pairs, so nothing holds its class loader; a client that calls
 * again gets it refused until the application is deployed again.
 */
public final class EjbLinkServer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(EjbLinkServer.class.getName());
    private static final ClassAllowList CONTROL = ClassAllowList.defaults().allow(EjbLinkMessage.Open.class);

    private final EjbApplications applications;
    private final String domain;
    /** Open invocation servers, by application name. */
    private final Map<String, List<InvocationServer>> servers = new ConcurrentHashMap<>();
    private final Set<LinkPair> clients = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    public EjbLinkServer(EjbApplications applications, String domain) {
        this.applications = Objects.requireNonNull(applications, "applications");
        this.domain = Objects.requireNonNull(domain, "domain");
    }

    /** Serves the client isolate at the other end of {@code fromClient} (outgoing: to the client) until it goes away. */
    public void serve(LinkPair fromClient) {
        Objects.requireNonNull(fromClient, "fromClient");
        if (closed) {
            throw new IllegalStateException("the EJB link server of domain " + domain + " is closed");
        }
        fromClient.incoming().allowClasses(CONTROL);
        clients.add(fromClient);
        Thread reader = Thread.ofPlatform().daemon().name("ejb-link-" + fromClient.incoming().senderId()).unstarted(() -> answer(fromClient));
        reader.setContextClassLoader(EjbLinkServer.class.getClassLoader());
        reader.start();
    }

    private void answer(LinkPair control) {
        String client = control.incoming().senderId();
        try {
            while (true) {
                LinkMessage message;
                try {
                    message = control.incoming().receive();
                } catch (LinkClosedException e) {
                    throw e;
                } catch (LinkException e) {
                    LOG.log(System.Logger.Level.WARNING, "domain " + domain + ": dropped a message from " + client + ": " + e.getMessage());
                    continue;
                }
                if (message instanceof LinkMessage.Value(EjbLinkMessage.Open(String application))) {
                    open(control, application);
                } else {
                    LOG.log(System.Logger.Level.WARNING, "domain " + domain + ": dropped a " + message.getClass().getSimpleName()
                            + " from " + client + " on the EJB control link");
                }
            }
        } catch (LinkClosedException e) {
            LOG.log(System.Logger.Level.INFO, "domain " + domain + ": EJB client " + client + " is gone");
        } finally {
            clients.remove(control);
            control.incoming().close();
            control.outgoing().close();
        }
    }

    private void open(LinkPair control, String name) {
        EjbApplication application = applications.get(name);
        if (application == null || closed) {
            control.outgoing().send(LinkMessage.ofValue(new EjbLinkMessage.Refused(name, "application " + name
                    + " is not deployed in the EJB isolate of domain " + domain + "; deploy it there before the web isolate")));
            return;
        }
        String me = Isolate.current().id();
        String client = control.incoming().senderId();
        Link requests = Link.newLink(client, me, LinkOptions.DEFAULTS);
        Link replies = Link.newLink(me, client, LinkOptions.DEFAULTS);
        InvocationServer server = InvocationServer.start(new LinkPair(replies, requests), new BeanCallDispatcher(application, domain),
                ApplicationValues.allowList(application.valueClasses()), application.classLoader());
        List<InvocationServer> list = servers.computeIfAbsent(name, k -> new CopyOnWriteArrayList<>());
        list.add(server);
        server.onStop().whenComplete((v, e) -> list.remove(server));
        if (applications.get(name) != application) {
            // undeployed meanwhile
            server.close();
        }
        try {
            control.outgoing().send(LinkMessage.ofValue(new EjbLinkMessage.Opened(name)));
            control.outgoing().send(LinkMessage.of(requests));
            control.outgoing().send(LinkMessage.of(replies));
        } catch (LinkException e) {
            server.close();
            throw e;
        }
    }

    /** Closes the links that carry calls into {@code application}: it is being undeployed. */
    public void applicationUndeployed(String application) {
        List<InvocationServer> list = servers.remove(application);
        if (list != null) {
            list.forEach(InvocationServer::close);
        }
    }

    /** How many client isolates are connected now. */
    public int clientCount() {
        return clients.size();
    }

    @Override
    public void close() {
        closed = true;
        servers.keySet().forEach(this::applicationUndeployed);
        for (LinkPair client : clients) {
            client.incoming().close();
            client.outgoing().close();
        }
    }
}
