package dev.isola.appserver.testapps.ejbs;

import jakarta.ejb.Stateful;
import jakarta.ejb.StatefulTimeout;

import java.util.concurrent.TimeUnit;

@Stateful
@StatefulTimeout(value = 1, unit = TimeUnit.SECONDS)
public class ShortLivedBean {
    public static final java.util.concurrent.atomic.AtomicInteger DESTROYED = new java.util.concurrent.atomic.AtomicInteger();

    @jakarta.annotation.PreDestroy
    void destroyed() {
        DESTROYED.incrementAndGet();
    }

    public String ping() {
        return "pong";
    }
}
