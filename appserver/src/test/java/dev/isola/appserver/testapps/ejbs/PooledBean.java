package dev.isola.appserver.testapps.ejbs;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;

import java.util.concurrent.atomic.AtomicInteger;

@Stateless
public class PooledBean {
    static final AtomicInteger CREATED = new AtomicInteger();
    static final AtomicInteger BUSY = new AtomicInteger();
    static final AtomicInteger MAX_BUSY = new AtomicInteger();

    @EJB
    private GateBean gate;

    public PooledBean() {
        CREATED.incrementAndGet();
    }

    public void hold() {
        MAX_BUSY.accumulateAndGet(BUSY.incrementAndGet(), Math::max);
        try {
            gate.pass("pool");
        } finally {
            BUSY.decrementAndGet();
        }
    }

    public static String stats() {
        return "created=" + CREATED.get() + " maxConcurrent=" + MAX_BUSY.get();
    }
}
