package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.naming.Scopes;
import jakarta.ejb.ConcurrentAccessTimeoutException;

import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stateless session bean: a pool of at most {@code statelessPoolSize} instances. A call
 * takes an idle instance (or creates one while the pool is below its bound), waits up to
 * {@code statelessWaitTimeout} when all are busy and then fails with
 * {@link ConcurrentAccessTimeoutException}. An instance that threw a system exception is
 * discarded (section 4.7.3), any other goes back to the pool.
 */
final class StatelessContainer extends BeanContainer {

    private final Semaphore permits;
    private final int bound;
    private final Duration waitTimeout;
    private final ConcurrentLinkedDeque<BeanInstance> idle = new ConcurrentLinkedDeque<>();
    private final AtomicInteger created = new AtomicInteger();

    StatelessContainer(BeanDefinition definition, EjbApplication application, EjbServices services, Scopes scopes, DeploymentException.Location at) {
        super(definition, application, services, scopes, at);
        this.bound = services.settings().statelessPoolSize();
        this.permits = new Semaphore(bound);
        this.waitTimeout = services.settings().statelessWaitTimeout();
    }

    @Override
    void start() {
    }

    @Override
    Object dispatch(ViewReference reference, BusinessMethod bm, Object[] args, Object timer) throws Exception {
        if (!permits.tryAcquire(waitTimeout.toNanos(), TimeUnit.NANOSECONDS)) {
            throw new ConcurrentAccessTimeoutException("bean " + name() + ": all " + bound + " pooled instances stayed busy for "
                    + waitTimeout.toMillis() + " ms");
        }
        try {
            BeanInstance instance = idle.pollFirst();
            if (instance == null) {
                instance = newInstance();
                created.incrementAndGet();
            }
            Object result;
            try {
                result = runWork(instance, bm, args, timer, null);
            } catch (Throwable t) {
                if (!isSystemFailure(t)) {
                    idle.addFirst(instance);
                }
                throw t;
            }
            idle.addFirst(instance);
            return result;
        } finally {
            permits.release();
        }
    }

    @Override
    void stop() {
        BeanInstance instance;
        while ((instance = idle.pollFirst()) != null) {
            destroy(instance);
        }
    }

    /** Instances created so far (for status output). */
    int created() {
        return created.get();
    }
}
