package dev.isola.appserver.testapps.taskdefs;

import jakarta.enterprise.concurrent.ManagedExecutorService;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/** How many of a few short tasks an executor ran at once, at most: what its maxAsync allows. */
public final class MostAtOnce {

    private MostAtOnce() {
    }

    public static int of(ManagedExecutorService executor, int tasks) throws ExecutionException, InterruptedException {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        List<Future<?>> submitted = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            submitted.add(executor.submit(() -> {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                try {
                    Thread.sleep(20);
                } finally {
                    running.decrementAndGet();
                }
                return null;
            }));
        }
        for (Future<?> task : submitted) {
            task.get();
        }
        return most.get();
    }
}
