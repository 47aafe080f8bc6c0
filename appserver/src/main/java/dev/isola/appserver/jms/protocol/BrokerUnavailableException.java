package dev.isola.appserver.jms.protocol;

/** The broker cannot be reached: it is stopped, or the connection to it is lost. */
public final class BrokerUnavailableException extends RuntimeException {

    public BrokerUnavailableException(String message) {
        super(message);
    }
}
