package dev.isola.appserver.jms.message;

import jakarta.jms.JMSException;

/** The session a received message acknowledges through ({@code Message.acknowledge()}). */
public interface Acknowledger {

    /** Acknowledges what the session has consumed, if it is in client-acknowledge mode; otherwise nothing. */
    void acknowledgeFromMessage() throws JMSException;
}
