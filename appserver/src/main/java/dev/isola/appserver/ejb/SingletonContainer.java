package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.naming.Scopes;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.ConcurrentAccessTimeoutException;
import jakarta.ejb.IllegalLoopbackException;
import jakarta.ejb.LockType;
import jakarta.ejb.NoSuchEJBException;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A singleton session bean: one instance per application, created at deployment for
 * {@code @Startup} beans (after the beans it {@code @DependsOn}) and on first use otherwise.
 * With container-managed concurrency every call takes the bean's read or write lock
 * ({@code @Lock}, WRITE by default) and waits at most its {@code @AccessTimeout}; a READ
 * caller that calls back into a WRITE method would deadlock, so it gets
 * {@link IllegalLoopbackException} instead. A singleton whose initialization failed stays
 * unusable ({@link NoSuchEJBException}), as section 4.8.4 says.
 */
final class SingletonContainer extends BeanContainer {

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock(true);
    private final boolean containerConcurrency;
    private volatile BeanInstance instance;
    private volatile RuntimeException initFailure;

    SingletonContainer(BeanDefinition definition, EjbApplication application, EjbServices services, Scopes scopes, DeploymentException.Location at) {
        super(definition, application, services, scopes, at);
        this.containerConcurrency = ((BeanKind.Singleton) definition.kind()).concurrency() == ConcurrencyManagementType.CONTAINER;
    }

    BeanKind.Singleton kind() {
        return (BeanKind.Singleton) definition.kind();
    }

    @Override
    void start() {
        if (kind().startup()) {
            instance();
        }
    }

    /** The instance, created (after its dependencies) if need be. */
    BeanInstance instance() {
        BeanInstance i = instance;
        if (i != null) {
            return i;
        }
        synchronized (this) {
            if (instance != null) {
                return instance;
            }
            if (initFailure != null) {
                throw new NoSuchEJBException("singleton " + name() + " failed to initialize: " + initFailure.getMessage());
            }
            for (String dependency : kind().dependsOn()) {
                application.singleton(dependency).instance();
            }
            try {
                instance = newInstance();
            } catch (RuntimeException e) {
                initFailure = e;
                throw e;
            }
            return instance;
        }
    }

    @Override
    Object dispatch(ViewReference reference, BusinessMethod bm, Object[] args, Object timer) throws Exception {
        BeanInstance target = instance();
        if (!containerConcurrency) {
            return runWork(target, bm, args, timer, null);
        }
        Lock l = acquire(bm);
        try {
            return runWork(target, bm, args, timer, null);
        } finally {
            l.unlock();
        }
    }

    private Lock acquire(BusinessMethod bm) throws InterruptedException {
        if (bm.lock() == LockType.WRITE && lock.getReadHoldCount() > 0 && !lock.isWriteLockedByCurrentThread()) {
            throw new IllegalLoopbackException("singleton " + name() + ": method " + bm.name()
                    + " needs the write lock, but this thread holds the read lock from an outer call");
        }
        Lock l = bm.lock() == LockType.READ ? lock.readLock() : lock.writeLock();
        Duration timeout = bm.accessTimeout() != null ? bm.accessTimeout() : services.settings().accessTimeout();
        if (timeout.isNegative()) {
            l.lockInterruptibly();
            return l;
        }
        if (!l.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            throw new ConcurrentAccessTimeoutException("singleton " + name() + ": method " + bm.name() + " waited " + timeout.toMillis()
                    + " ms for the " + bm.lock().name().toLowerCase(java.util.Locale.ROOT) + " lock");
        }
        return l;
    }

    @Override
    void stop() {
        BeanInstance i = instance;
        instance = null;
        if (i != null) {
            destroy(i);
        }
    }

    boolean initialized() {
        return instance != null;
    }
}
