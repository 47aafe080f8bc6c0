package dev.isola.appserver.ejb;

import java.time.Duration;

/**
 * Server-wide limits of the EJB container (the domain configuration sets them).
 *
 * @param statelessPoolSize      most instances of one stateless bean at a time
 * @param statelessWaitTimeout   how long a call waits for a free stateless instance before
 *                               {@code ConcurrentAccessTimeoutException}
 * @param statefulTimeout        idle time after which a stateful session is removed, unless the bean sets {@code @StatefulTimeout}
 * @param statefulActiveLimit    stateful instances of one bean kept in memory; beyond it the
 *                               least recently used idle ones are passivated to disk
 * @param accessTimeout          default wait for a singleton lock or a busy stateful instance ({@code @AccessTimeout} overrides)
 * @param messageDrivenSessions  how many messages one message-driven bean processes at a time, unless its
 *                               {@code maxSessions} activation property says otherwise
 * @param messageDrivenStopWait  how long undeploying waits for a message-driven bean's deliveries in progress
 *                               to finish before it closes their sessions (the broker then redelivers those messages)
 */
public record EjbSettings(int statelessPoolSize, Duration statelessWaitTimeout, Duration statefulTimeout, int statefulActiveLimit,
                          Duration accessTimeout, int messageDrivenSessions, Duration messageDrivenStopWait) {

    public static EjbSettings defaults() {
        return new EjbSettings(32, Duration.ofSeconds(30), Duration.ofMinutes(30), 1000, Duration.ofSeconds(30), 4, Duration.ofSeconds(30));
    }

    public EjbSettings {
        if (statelessPoolSize < 1) {
            throw new IllegalArgumentException("statelessPoolSize must be at least 1: " + statelessPoolSize);
        }
        if (statefulActiveLimit < 1) {
            throw new IllegalArgumentException("statefulActiveLimit must be at least 1: " + statefulActiveLimit);
        }
        if (messageDrivenSessions < 1) {
            throw new IllegalArgumentException("messageDrivenSessions must be at least 1: " + messageDrivenSessions);
        }
    }

    public EjbSettings withStatelessPool(int size, Duration waitTimeout) {
        return new EjbSettings(size, waitTimeout, statefulTimeout, statefulActiveLimit, accessTimeout, messageDrivenSessions, messageDrivenStopWait);
    }

    public EjbSettings withStateful(Duration timeout, int activeLimit) {
        return new EjbSettings(statelessPoolSize, statelessWaitTimeout, timeout, activeLimit, accessTimeout, messageDrivenSessions, messageDrivenStopWait);
    }

    public EjbSettings withMessageDriven(int sessions, Duration stopWait) {
        return new EjbSettings(statelessPoolSize, statelessWaitTimeout, statefulTimeout, statefulActiveLimit, accessTimeout, sessions, stopWait);
    }
}
