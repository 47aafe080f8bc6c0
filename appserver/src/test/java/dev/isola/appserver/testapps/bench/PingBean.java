package dev.isola.appserver.testapps.bench;

import jakarta.ejb.Stateless;

/** A business method that does nothing but be called: what a call costs, with the container's defaults. */
@Stateless
public class PingBean {

    public int ping(int value) {
        return value + 1;
    }
}
