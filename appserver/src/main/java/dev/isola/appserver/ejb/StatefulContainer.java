package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.naming.NamingScopes;
import dev.isola.appserver.naming.Scopes;
import dev.isola.appserver.persistence.PersistenceUnits;
import dev.isola.appserver.tx.LocalTransaction;
import jakarta.ejb.ConcurrentAccessTimeoutException;
import jakarta.ejb.EJBException;
import jakarta.ejb.NoSuchEJBException;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A stateful session bean: one instance per client reference (each lookup and each injection
 * makes a new session). Calls to one session are serialized (waiting at most the access
 * timeout). A {@code @Remove} method ends the session after it returns; a system exception
 * ends it at once without {@code @PreDestroy}; either way later calls get
 * {@link NoSuchEJBException}. A session idle for longer than its timeout is removed.
 *
 * <p>Passivation: when more than {@code statefulActiveLimit} instances of the bean are in
 * memory, the least recently used idle ones (not in a transaction) get their
 * {@code @PrePassivate} callbacks and are written to
 * {@code <application work dir>/passivated/<bean>/<session>.ser}; the next call reads the
 * instance back and runs {@code @PostActivate}. Only beans that are {@code Serializable} (with
 * serializable interceptors) and not {@code passivationCapable=false} are passivated, unless an
 * instance holds an extended persistence context; others stay in memory. References to beans,
 * datasources, {@code SessionContext}, {@code UserTransaction}, {@code TimerService} and the
 * container's entity managers survive passivation (see {@link ContainerObjectStreams}). A removed
 * instance's extended persistence contexts are closed after its {@code @PreDestroy}.
 */
final class StatefulContainer extends BeanContainer {

    private static final System.Logger LOG = System.getLogger(StatefulContainer.class.getName());

    private final Map<UUID, Session> sessions = new ConcurrentHashMap<>();
    private final AtomicInteger active = new AtomicInteger();
    private final Duration timeout;
    private final boolean passivationCapable;
    private final Path passivationDirectory;

    StatefulContainer(BeanDefinition definition, EjbApplication application, EjbServices services, Scopes scopes, DeploymentException.Location at) {
        super(definition, application, services, scopes, at);
        BeanKind.Stateful kind = (BeanKind.Stateful) definition.kind();
        this.timeout = kind.timeout() != null ? kind.timeout() : services.settings().statefulTimeout();
        this.passivationCapable = kind.passivationCapable() && Serializable.class.isAssignableFrom(definition.beanClass())
                && interceptorClasses.stream().allMatch(Serializable.class::isAssignableFrom);
        this.passivationDirectory = application.workDirectory().resolve("passivated").resolve(definition.name());
    }

    private static final class Session implements BmtCarrier {
        final UUID id;
        final ReentrantLock lock = new ReentrantLock();
        BeanInstance instance;
        volatile long lastUsed = System.nanoTime();
        boolean removed;
        LocalTransaction transaction;

        Session(UUID id, BeanInstance instance) {
            this.id = id;
            this.instance = instance;
        }

        public LocalTransaction transaction() { return transaction; }

        public void transaction(LocalTransaction tx) { transaction = tx; }
    }

    @Override
    void start() {
        BeanKind.Stateful kind = (BeanKind.Stateful) definition.kind();
        if (kind.passivationCapable() && Serializable.class.isAssignableFrom(definition.beanClass())) {
            interceptorClasses.stream().filter(c -> !Serializable.class.isAssignableFrom(c)).findFirst().ifPresent(c ->
                    LOG.log(System.Logger.Level.WARNING, "application " + application.name() + ", bean " + name()
                            + ": never passivated, because its interceptor " + c.getName() + " is not Serializable"));
        }
    }

    @Override
    ViewReference newReference(View view) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(definition.beanClass().getClassLoader());
        try (var _ = NamingScopes.enter(scopes)) {
            UUID id = UUID.randomUUID();
            Session session = new Session(id, newInstance());
            sessions.put(id, session);
            active.incrementAndGet();
            passivateExcess();
            return new ViewReference(application.name(), name(), view.type().getName(), id);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    @Override
    Object dispatch(ViewReference reference, BusinessMethod bm, Object[] args, Object timer) throws Exception {
        Session session = reference == null ? null : sessions.get(reference.session());
        if (session == null) {
            throw noSuchSession(reference);
        }
        Duration wait = bm.accessTimeout() != null ? bm.accessTimeout() : services.settings().accessTimeout();
        if (wait.isNegative()) {
            session.lock.lockInterruptibly();
        } else if (!session.lock.tryLock(wait.toNanos(), TimeUnit.NANOSECONDS)) {
            throw new ConcurrentAccessTimeoutException("stateful bean " + name() + ": session " + session.id + " stayed busy for " + wait.toMillis() + " ms");
        }
        try {
            if (session.removed) {
                throw noSuchSession(reference);
            }
            if (session.instance == null) {
                activate(session);
            }
            Object result;
            try {
                result = runWork(session.instance, bm, args, timer, session);
            } catch (Throwable t) {
                if (isSystemFailure(t)) {
                    discard(session);
                } else if (bm.remove() && !bm.retainIfException()) {
                    remove(session);
                }
                throw t;
            }
            if (bm.remove()) {
                remove(session);
            }
            return result;
        } finally {
            session.lastUsed = System.nanoTime();
            session.lock.unlock();
            passivateExcess();
        }
    }

    private NoSuchEJBException noSuchSession(ViewReference reference) {
        return new NoSuchEJBException("stateful bean " + name() + ": session " + (reference == null ? "?" : reference.session())
                + " does not exist (it was removed, timed out, or ended by a system exception)");
    }

    private void remove(Session session) {
        if (session.transaction != null) {
            throw new EJBException("stateful bean " + name() + ": session " + session.id + " cannot be removed while its bean-managed transaction is open");
        }
        session.removed = true;
        sessions.remove(session.id);
        if (session.instance != null) {
            active.decrementAndGet();
            destroy(session.instance);
            closeExtendedPersistenceContexts(session.instance);
            session.instance = null;
        } else {
            deleteQuietly(file(session.id));
        }
    }

    private void discard(Session session) {
        session.removed = true;
        sessions.remove(session.id);
        if (session.instance != null) {
            active.decrementAndGet();
            closeExtendedPersistenceContexts(session.instance);
            session.instance = null;
        }
        LocalTransaction tx = session.transaction;
        if (tx != null && tx.isActive()) {
            try {
                tx.rollback();
            } catch (Exception ignored) {
                // the transaction is gone either way
            }
        }
    }

    /** Passivates least-recently-used idle instances while more than the limit are in memory. */
    private void passivateExcess() {
        int limit = services.settings().statefulActiveLimit();
        if (!passivationCapable || active.get() <= limit) {
            return;
        }
        List<Session> candidates = sessions.values().stream().filter(s -> s.instance != null)
                .sorted(Comparator.comparingLong(s -> s.lastUsed)).toList();
        for (Session s : candidates) {
            if (active.get() <= limit) {
                return;
            }
            if (s.lock.tryLock()) {
                try {
                    if (!s.removed && s.instance != null && s.transaction == null && !holdsExtendedPersistenceContext(s.instance)) {
                        passivate(s);
                    }
                } finally {
                    s.lock.unlock();
                }
            }
        }
    }

    private void passivate(Session session) {
        Path file = file(session.id);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(definition.beanClass().getClassLoader());
        try (var _ = NamingScopes.enter(scopes)) {
            lifecycle(session.instance, prePassivate, "@PrePassivate", false);
            Files.createDirectories(file.getParent());
            try (OutputStream out = Files.newOutputStream(file)) {
                ContainerObjectStreams.write(new Object[] {session.instance.bean(), session.instance.interceptors()}, out);
            }
            session.instance = null;
            active.decrementAndGet();
        } catch (IOException | RuntimeException e) {
            deleteQuietly(file);
            LOG.log(System.Logger.Level.WARNING, "application " + application.name() + ", bean " + name() + ": passivation of session "
                    + session.id + " failed, it stays in memory: " + e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private void activate(Session session) {
        Path file = file(session.id);
        try (InputStream in = Files.newInputStream(file)) {
            Object[] state = (Object[]) ContainerObjectStreams.read(in, definition.beanClass().getClassLoader(), services.views());
            @SuppressWarnings("unchecked")
            Map<Class<?>, Object> interceptors = (Map<Class<?>, Object>) state[1];
            session.instance = new BeanInstance(state[0], interceptors);
        } catch (IOException | ClassNotFoundException e) {
            discard(session);
            throw new NoSuchEJBException("stateful bean " + name() + ": session " + session.id + " could not be activated: " + e);
        } finally {
            deleteQuietly(file);
        }
        active.incrementAndGet();
        lifecycle(session.instance, postActivate, "@PostActivate", false);
    }

    /** An instance's extended persistence contexts end with it (Jakarta Persistence 7.6.3): after its {@code @PreDestroy}, which may use them. */
    private static void closeExtendedPersistenceContexts(BeanInstance instance) {
        PersistenceUnits.closeExtended(instance.bean());
        instance.interceptors().values().forEach(PersistenceUnits::closeExtended);
    }

    /** An extended persistence context is not serializable: an instance holding one stays in memory. */
    private static boolean holdsExtendedPersistenceContext(BeanInstance instance) {
        return PersistenceUnits.holdsExtended(instance.bean()) || instance.interceptors().values().stream().anyMatch(PersistenceUnits::holdsExtended);
    }

    private Path file(UUID id) {
        return passivationDirectory.resolve(id + ".ser");
    }

    /** Removes sessions idle for longer than the timeout; run periodically by the application. */
    void expireIdle() {
        long now = System.nanoTime();
        for (Session s : List.copyOf(sessions.values())) {
            if (now - s.lastUsed > timeout.toNanos() && s.transaction == null && s.lock.tryLock()) {
                try {
                    if (!s.removed) {
                        remove(s);
                    }
                } finally {
                    s.lock.unlock();
                }
            }
        }
    }

    @Override
    void stop() {
        for (Session s : List.copyOf(sessions.values())) {
            s.lock.lock();
            try {
                if (!s.removed) {
                    remove(s);
                }
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "application " + application.name() + ", bean " + name() + ": " + e.getMessage());
            } finally {
                s.lock.unlock();
            }
        }
    }

    int activeInstances() {
        return active.get();
    }

    int sessionCount() {
        return sessions.size();
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a leftover file goes with the application's work directory
        }
    }
}
