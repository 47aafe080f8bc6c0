package dev.isola.appserver.concurrent;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of one managed executor: a virtual thread per task (the default executor, and a
 * defined one with {@code virtual = true}), or a pool of platform daemon threads that end after
 * a minute idle; with {@code maxAsync}, at most that many tasks run at once and the others wait
 * their turn in order.
 */
final class ExecutorThreads implements TaskThreads {

    private static final long IDLE_SECONDS = 60;

    private final ConcurrencyServices services;
    private final ExecutorService runner;
    private final Semaphore running;

    /**
     * @param prefix   the threads' names, followed by a number
     * @param maxAsync the most tasks running at once, or -1 for no limit
     */
    ExecutorThreads(String prefix, int maxAsync, boolean virtual, ConcurrencyServices services) {
        this.services = services;
        if (virtual) {
            this.runner = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(prefix, 1).factory());
            this.running = maxAsync > 0 ? new Semaphore(maxAsync, true) : null;
        } else {
            AtomicInteger numbers = new AtomicInteger();
            ThreadFactory platform = r -> services.serverThread(prefix + numbers.incrementAndGet(), r);
            ThreadPoolExecutor pool = maxAsync > 0
                    ? new ThreadPoolExecutor(maxAsync, maxAsync, IDLE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), platform)
                    : new ThreadPoolExecutor(0, Integer.MAX_VALUE, IDLE_SECONDS, TimeUnit.SECONDS, new SynchronousQueue<>(), platform);
            pool.allowCoreThreadTimeOut(true);
            this.runner = pool;
            this.running = null;
        }
    }

    @Override
    public void start(Runnable body) {
        if (running == null) {
            runner.execute(body);
            return;
        }
        runner.execute(() -> {
            // A cancelled task still takes its turn, and returns at once.
            running.acquireUninterruptibly();
            try {
                body.run();
            } finally {
                running.release();
            }
        });
    }

    @Override
    public ScheduledFuture<?> startLater(Runnable body, long delayNanos) {
        return services.later(() -> start(body), delayNanos);
    }

    /** Ends the threads: the executor's tasks have been cancelled. */
    void close() {
        runner.shutdownNow();
    }
}
