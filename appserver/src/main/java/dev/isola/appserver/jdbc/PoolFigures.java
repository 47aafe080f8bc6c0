package dev.isola.appserver.jdbc;

/**
 * A datasource's pool as the admin shows it ({@link ManagedDataSource#figures()}): what it
 * connects to and how its connections are used right now.
 *
 * @param name        its JNDI name
 * @param application the application that defined it ({@code @DataSourceDefinition}); empty for the domain's own (the default
 *                    datasource, and those of the domain configuration)
 * @param database    what it connects to, without credentials ("embedded Derby database 'default'", "Derby at db1:1527/orders")
 * @param state       whether this isolate has the pool open
 * @param active      connections lent to applications
 * @param idle        connections open and waiting in the pool
 * @param waiting     threads waiting for a connection (the pool is exhausted while this is above zero)
 * @param maxPoolSize the pool's bound
 */
public record PoolFigures(String name, String application, String database, State state, int active, int idle, int waiting, int maxPoolSize) {

    public enum State {
        /** Open: the figures are the pool's. */
        OPEN,
        /** Opened by its first use, which has not come yet (the default datasource): nothing is open. */
        NOT_OPENED_YET,
        /** An embedded database another isolate of the domain opens (the web isolate of a separated domain). */
        HELD_ELSEWHERE,
        /** Closed with its server. */
        CLOSED
    }
}
