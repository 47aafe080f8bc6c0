package dev.isola.appserver.jdbc;

/** A datasource could not be built from its definition; the message names the datasource and the cause. */
public final class DataSourceDefinitionException extends RuntimeException {

    public DataSourceDefinitionException(String message, Throwable cause) {
        super(message, cause);
    }
}
