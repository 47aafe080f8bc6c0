package dev.isola.domains.control;

import java.io.Serializable;

/**
 * One datasource of a domain isolate and its pool, as the admin lists it and exports it as
 * metrics.
 *
 * @param name        its JNDI name
 * @param application the application that defined it ({@code @DataSourceDefinition}); empty for the domain's own
 * @param database    what it connects to, without credentials
 * @param state       {@code open}, {@code not opened yet} (opened by its first use), {@code held elsewhere} (an embedded
 *                    database the EJB isolate of a separated domain opens) or {@code closed}
 * @param active      connections lent to applications
 * @param idle        connections open and waiting in the pool
 * @param waiting     threads waiting for a connection
 * @param maxPoolSize the pool's bound (0 while not open)
 */
public record DataSourceStatus(String name, String application, String database, String state, int active, int idle, int waiting,
                               int maxPoolSize) implements Serializable {

    public static final String OPEN = "open";
}
