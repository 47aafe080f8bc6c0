package dev.isola.appserver.jms.config;

/** A JMS configuration value is wrong; the message names the setting and the value. */
public final class InvalidJmsConfigException extends IllegalArgumentException {

    public InvalidJmsConfigException(String message) {
        super(message);
    }
}
