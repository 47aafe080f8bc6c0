package dev.isola.domains.control;

/**
 * A datasource operation named a datasource the isolate does not have (or one several
 * applications define, without saying which); the message names the ones it has. Crosses the
 * control link as itself.
 */
public class UnknownDataSourceException extends ControlException {

    public UnknownDataSourceException(String message) {
        super(message);
    }
}
