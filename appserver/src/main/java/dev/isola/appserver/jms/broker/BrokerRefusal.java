package dev.isola.appserver.jms.broker;

import dev.isola.appserver.jms.protocol.BrokerReply;
import dev.isola.appserver.jms.protocol.FailureKind;

/** A command the broker refuses; becomes a {@link BrokerReply.Failed} with the same kind and message. */
final class BrokerRefusal extends Exception {

    private final FailureKind kind;

    BrokerRefusal(FailureKind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    BrokerReply.Failed reply() {
        return new BrokerReply.Failed(kind, getMessage());
    }
}
