package dev.isola.appserver.testapps.ejbs;

import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** Lets a test hold calls inside beans and see how many got in (bean-managed concurrency: no container lock). */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class GateBean {
    private final ConcurrentHashMap<String, CountDownLatch> latches = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, AtomicInteger> entered = new ConcurrentHashMap<>();

    public void reset(String gate) {
        latches.put(gate, new CountDownLatch(1));
        entered.put(gate, new AtomicInteger());
    }

    public void pass(String gate) {
        entered.get(gate).incrementAndGet();
        try {
            if (!latches.get(gate).await(20, TimeUnit.SECONDS)) {
                throw new IllegalStateException("gate " + gate + " was never opened");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public boolean awaitEntered(String gate, int count) throws InterruptedException {
        for (int i = 0; i < 2000; i++) {
            if (entered.get(gate).get() >= count) {
                return true;
            }
            Thread.sleep(5);
        }
        return false;
    }

    public void open(String gate) {
        latches.get(gate).countDown();
    }
}
