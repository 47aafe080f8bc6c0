package dev.isola.appserver.jms.protocol;

import java.io.Serializable;

/** What the broker sends a client unasked. */
public sealed interface BrokerEvent extends Serializable {

    /** A message pushed to a consumer that has credit. */
    record Deliver(Delivery delivery) implements BrokerEvent {
    }

    /** The broker closed a consumer on its own (its temporary destination or subscription went away). */
    record ConsumerClosed(long consumerId, String reason) implements BrokerEvent {
    }
}
