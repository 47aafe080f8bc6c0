package dev.isola.appserver.jms.broker;

import dev.isola.appserver.jms.protocol.DestinationRef;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A topic (declared or temporary) and its subscriptions, which are fixed per publish. */
final class TopicState {

    final String name;
    final DestinationRef address;
    /** For subscriptions created from now on; a redeclaration also applies it to the existing ones. */
    volatile RedeliveryPolicy policy;
    /** The connection that owns a temporary topic, or null. */
    final ClientConnection owner;
    final List<Subscription> subscriptions = new CopyOnWriteArrayList<>();

    TopicState(DestinationRef address, RedeliveryPolicy policy, ClientConnection owner) {
        this.name = address.name();
        this.address = address;
        this.policy = policy;
        this.owner = owner;
    }
}
