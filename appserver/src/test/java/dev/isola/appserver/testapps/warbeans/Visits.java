package dev.isola.appserver.testapps.warbeans;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;

/** A singleton started with the WAR: one count for every servlet call, in every module that reaches it. */
@Singleton
@Startup
public class Visits {

    private int count;
    private boolean startedAtDeployment;

    @PostConstruct
    void start() {
        startedAtDeployment = true;
    }

    public synchronized int next() {
        return ++count;
    }

    public boolean startedAtDeployment() {
        return startedAtDeployment;
    }
}
