package dev.isola.appserver.jms.broker;

/**
 * One durable subscription of a topic as an operator sees it: who it belongs to and what waits in
 * it. Its {@link #id} names it to the administrative operations ({@link Broker#subscriptionContents},
 * {@link Broker#purgeSubscription}).
 *
 * @param id        {@code clientId:name}, or {@code name} for a subscription without a client id (a shared one)
 * @param clientId  the client id it is scoped by, or null
 * @param name      the subscription name the application gave
 * @param shared    several consumers may share it
 * @param selector  the message selector it filters by, or null
 * @param noLocal   it ignores messages published on its own client id's connections
 * @param depth     messages waiting, ready and delayed
 * @param inFlight  messages delivered and not yet acknowledged
 * @param consumers consumers open on it now (none while its application is not running)
 */
public record DurableSubscriptionStats(String id, String clientId, String name, boolean shared, String selector, boolean noLocal, int depth,
                                       int inFlight, int consumers) {

    /** The id of the durable subscription {@code name} of client id {@code clientId} (null for none). */
    public static String idOf(String clientId, String name) {
        return clientId == null ? name : clientId + ":" + name;
    }
}
