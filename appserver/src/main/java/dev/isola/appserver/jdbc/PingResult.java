package dev.isola.appserver.jdbc;

/**
 * What a datasource's database answered when asked whether it is there
 * ({@link ManagedDataSource#ping()}), as GlassFish's {@code ping-connection-pool} answers.
 *
 * @param name       the datasource's JNDI name
 * @param application the application that defined it; empty for the domain's own
 * @param product    the database product and its version, as its driver reports them
 * @param millis     how long connecting and checking the connection took
 * @param openedPool whether the ping opened the pool (a datasource opened on its first use, not used before)
 */
public record PingResult(String name, String application, String product, long millis, boolean openedPool) {
}
