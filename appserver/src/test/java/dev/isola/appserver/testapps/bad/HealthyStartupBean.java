package dev.isola.appserver.testapps.bad;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;

/**
 * Starts before {@link FailingStartupBean}; a failed deployment must stop it again. It reports
 * its {@code @PreDestroy} through a system property, the one channel the test shares with it.
 */
@Singleton
@Startup
public class HealthyStartupBean {
    @PostConstruct
    void init() {
    }

    @PreDestroy
    void destroy() {
        System.setProperty("isola.test.healthy.destroyed", String.valueOf(Integer.getInteger("isola.test.healthy.destroyed", 0) + 1));
    }
}
