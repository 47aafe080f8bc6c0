package dev.isola.appserver.testapps.ejbs;

import jakarta.ejb.AccessTimeout;
import jakarta.ejb.EJB;
import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Singleton;

import java.util.concurrent.TimeUnit;

/** Container-managed concurrency: READ methods run together, a WRITE method waits for them at most 200 ms. */
@Singleton
public class RegistryBean {
    private int writes;

    @EJB
    private GateBean gate;

    @Lock(LockType.READ)
    public void read() {
        gate.pass("registry");
    }

    @Lock(LockType.WRITE)
    @AccessTimeout(value = 200, unit = TimeUnit.MILLISECONDS)
    public int write() {
        return ++writes;
    }
}
