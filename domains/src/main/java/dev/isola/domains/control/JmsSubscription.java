package dev.isola.domains.control;

import java.io.Serializable;

/**
 * One durable subscription of a JMS topic of a domain isolate, for operators: who it belongs to
 * and what waits in it. Non-durable subscriptions end with their consumers and are not listed.
 *
 * @param id        how the operations name it: {@code clientId:name}, or {@code name} for one without a client id
 * @param clientId  the client id it is scoped by, or null
 * @param name      the subscription name the application gave
 * @param shared    several consumers may share it
 * @param selector  the message selector it filters by, or null
 * @param noLocal   it ignores messages published on its own client id's connections
 * @param depth     messages waiting, ready and delayed
 * @param inFlight  messages delivered and not yet acknowledged
 * @param consumers consumers open on it now (none while its application is not running)
 */
public record JmsSubscription(String id, String clientId, String name, boolean shared, String selector, boolean noLocal, int depth, int inFlight,
                              int consumers) implements Serializable {
}
