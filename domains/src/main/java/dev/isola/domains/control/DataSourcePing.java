package dev.isola.domains.control;

import java.io.Serializable;

/**
 * What a datasource's database answered a ping with ({@link DomainControl#pingDataSource}):
 * reachable, with its product and how long connecting took; or not, with the driver's words
 * and SQLState.
 *
 * @param name        the datasource's JNDI name
 * @param application the application that defined it; empty for the domain's own
 * @param reachable   whether a connection was made and confirmed
 * @param product     the database product and version (reachable only)
 * @param millis      how long connecting and checking took (reachable only)
 * @param openedPool  whether the ping opened a datasource not used before
 * @param sqlState    the SQLState of the failure (unreachable only; may be empty)
 * @param problem     the driver's message (unreachable only)
 */
public record DataSourcePing(String name, String application, boolean reachable, String product, long millis, boolean openedPool, String sqlState,
                             String problem) implements Serializable {
}
