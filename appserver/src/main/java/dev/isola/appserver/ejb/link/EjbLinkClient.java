package dev.isola.appserver.ejb.link;

import dev.isola.appserver.ejb.BeanInvoker;
import dev.isola.appserver.ejb.MethodSignature;
import dev.isola.appserver.ejb.RemoteEjbContainer;
import dev.isola.appserver.ejb.ViewReference;
import dev.isola.appserver.security.Caller;
import dev.isola.appserver.security.Callers;
import dev.isola.mvm.invoke.InvocationClient;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.invoke.RemoteInvocationException;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkClosedException;
import dev.isola.mvm.link.LinkException;
import dev.isola.mvm.link.LinkMessage;
import dev.isola.mvm.link.codec.ClassAllowList;
import jakarta.ejb.EJBException;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The web isolate's way to the EJB isolate of a separated domain. The domain hands it a
 * control pair ({@link #connect}); for every application this opens a pair of links of its
 * own ({@link EjbLinkMessage}), so that each application's values are copied in its own class
 * loader under its own allow-list, and calls go over it through the mvm invocation client.
 *
 * <p>When the EJB isolate dies, calls in flight and later calls fail at once with an
 * {@link EJBException} saying that the EJB isolate of the domain is not reachable. After the
 * domain connects a new pair (a restarted EJB isolate), the next call of each application
 * opens a new per-application pair and works again; references to stateful sessions of the
 * dead isolate get {@link jakarta.ejb.NoSuchEJBException}, as their instances are gone.
 */
public final class EjbLinkClient implements RemoteEjbContainer, AutoCloseable {

    private static final System.Logger LOG = System.getLogger(EjbLinkClient.class.getName());
    private static final ClassAllowList CONTROL = ClassAllowList.defaults().allow(EjbLinkMessage.Opened.class, EjbLinkMessage.Refused.class);
    private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(30);

    private final String domain;
    private final Duration callTimeout;
    private final ReentrantLock controlLock = new ReentrantLock();
    private final Map<String, Channel> channels = new ConcurrentHashMap<>();
    private volatile LinkPair control;
    /** Counts {@link #connect} calls: a channel opened over an older pair is reopened. */
    private volatile long generation;

    /**
     * @param domain      the domain's name, for messages
     * @param callTimeout how long a call waits for its reply (longer than any transaction may run)
     */
    public EjbLinkClient(String domain, Duration callTimeout) {
        this.domain = Objects.requireNonNull(domain, "domain");
        this.callTimeout = Objects.requireNonNull(callTimeout, "callTimeout");
    }

    /** Uses {@code toEjbIsolate} (outgoing: to the EJB isolate) from now on; the previous pair and every call on it end. */
    public void connect(LinkPair toEjbIsolate) {
        Objects.requireNonNull(toEjbIsolate, "toEjbIsolate");
        toEjbIsolate.incoming().allowClasses(CONTROL);
        controlLock.lock();
        LinkPair previous;
        try {
            previous = control;
            control = toEjbIsolate;
            generation++;
        } finally {
            controlLock.unlock();
        }
        if (previous != null && previous != toEjbIsolate) {
            previous.outgoing().close();
            previous.incoming().close();
        }
        channels.values().forEach(Channel::drop);
        LOG.log(System.Logger.Level.INFO, "domain " + domain + ": connected to the EJB isolate " + toEjbIsolate.outgoing().receiverId());
    }

    /** Whether a pair has been connected (it may have died since). */
    public boolean connected() {
        return control != null;
    }

    private String unreachable() {
        LinkPair pair = control;
        return "the EJB isolate of domain " + domain + (pair == null ? "" : " (" + pair.outgoing().receiverId() + ")") + " is not reachable";
    }

    @Override
    public BeanInvoker open(String application, ClassLoader loader, Set<String> valueClasses, Map<String, String> moduleOfBean) {
        Channel channel = new Channel(application, loader, ApplicationValues.allowList(valueClasses), moduleOfBean);
        if (channels.putIfAbsent(application, channel) != null) {
            throw new IllegalStateException("application " + application + " is already open towards the EJB isolate of domain " + domain);
        }
        try {
            channel.session();
        } catch (RuntimeException e) {
            channels.remove(application, channel);
            throw e;
        }
        return channel;
    }

    @Override
    public void close(String application) {
        Channel channel = channels.remove(application);
        if (channel != null) {
            channel.drop();
        }
    }

    @Override
    public void close() {
        channels.keySet().forEach(this::close);
        LinkPair pair = control;
        if (pair != null) {
            pair.outgoing().close();
            pair.incoming().close();
        }
    }

    /** Asks the EJB isolate for a pair for {@code application}; returns it, as seen from here. */
    private LinkPair openPair(String application) {
        LinkPair pair = control;
        if (pair == null) {
            throw new EJBException("the EJB isolate of domain " + domain + " is not connected yet (the domain connects it once it runs)");
        }
        controlLock.lock();
        Thread thread = Thread.currentThread();
        ClassLoader previousLoader = thread.getContextClassLoader();
        thread.setContextClassLoader(EjbLinkClient.class.getClassLoader());
        try {
            pair.outgoing().send(LinkMessage.ofValue(new EjbLinkMessage.Open(application)), OPEN_TIMEOUT);
            LinkMessage answer = pair.incoming().receive(OPEN_TIMEOUT);
            return switch (answer) {
                case LinkMessage.Value(EjbLinkMessage.Opened(String name)) when name.equals(application) -> {
                    Link requests = transferred(pair);
                    Link replies = transferred(pair);
                    yield new LinkPair(requests, replies);
                }
                case LinkMessage.Value(EjbLinkMessage.Refused(String name, String reason)) when name.equals(application) ->
                        throw new EJBException(reason);
                default -> throw new EJBException("the EJB isolate of domain " + domain + " answered " + answer + " when asked for application "
                        + application);
            };
        } catch (LinkClosedException e) {
            throw new EJBException(unreachable() + " (" + e.getMessage() + ")", e);
        } catch (LinkException e) {
            throw new EJBException(unreachable() + ": " + e.getMessage(), e);
        } finally {
            thread.setContextClassLoader(previousLoader);
            controlLock.unlock();
        }
    }

    private static Link transferred(LinkPair pair) {
        LinkMessage message = pair.incoming().receive(OPEN_TIMEOUT);
        if (message instanceof LinkMessage.LinkTransfer(Link link)) {
            return link;
        }
        throw new LinkException("expected a link handed over on " + pair.incoming().id() + ", got " + message);
    }

    /** One application's calls: a pair of its own, reopened after a reconnect or a dead peer. */
    private final class Channel implements BeanInvoker {

        private record Session(InvocationClient client, long generation) {
        }

        private final String application;
        private final ClassLoader loader;
        private final ClassAllowList values;
        private final Map<String, String> modules;
        private volatile Session session;

        Channel(String application, ClassLoader loader, ClassAllowList values, Map<String, String> modules) {
            this.application = application;
            this.loader = loader;
            this.values = values;
            this.modules = Map.copyOf(modules);
        }

        Session session() {
            Session s = session;
            if (s != null && s.generation() == generation) {
                return s;
            }
            synchronized (this) {
                s = session;
                if (s != null && s.generation() == generation) {
                    return s;
                }
                long opening = generation;
                if (s != null) {
                    s.client().close();
                }
                LinkPair pair = openPair(application);
                s = new Session(InvocationClient.open(pair, callTimeout, loader, values), opening);
                session = s;
                return s;
            }
        }

        /** Forgets the pair (the peer died, the domain reconnected, or the application went). */
        synchronized void drop() {
            Session s = session;
            session = null;
            if (s != null) {
                s.client().close();
            }
        }

        private synchronized void dropIf(Session dead) {
            if (session == dead) {
                drop();
            }
        }

        @Override
        public Object invoke(ViewReference target, Method method, Object[] args) throws Exception {
            return call(target(target), method, args, target.bean() + "." + method.getName());
        }

        @Override
        public Object invoke(ViewReference target, MethodSignature signature, Object[] args) throws Exception {
            throw new UnsupportedOperationException("calls into another isolate are made with the view's methods");
        }

        @Override
        public ViewReference reference(String bean, String viewType) {
            try {
                return (ViewReference) call(application, BeanCallDispatcher.NEW_REFERENCE, new Object[] {bean, viewType},
                        "a new session of " + bean);
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new EJBException(e.getMessage(), e);
            }
        }

        private String target(ViewReference reference) {
            String module = modules.get(reference.bean());
            if (module == null) {
                throw new IllegalStateException("bean " + reference.bean() + " of application " + application + " is not known here");
            }
            return BeanTarget.of(reference, module);
        }

        private Object call(String target, Method method, Object[] args, String what) throws Exception {
            Session s = session();
            try {
                Caller caller = Callers.current();
                return s.client().invoke(target, method, args, caller == null ? "" : caller.encode());
            } catch (RemoteInvocationException e) {
                if (e.getCause() instanceof LinkClosedException) {
                    dropIf(s);
                }
                throw RemoteExceptions.received(e, "call of " + what + " in application " + application, unreachable());
            } catch (Exception e) {
                throw e;
            } catch (Throwable t) {
                throw new EJBException("call of " + what + " in application " + application + " failed: " + t, new RuntimeException(t));
            }
        }
    }
}
