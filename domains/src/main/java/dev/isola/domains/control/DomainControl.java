package dev.isola.domains.control;

import java.util.Map;

import java.util.List;

/**
 * The admin messages a domain isolate serves over its control links (cross-isolate calls,
 * {@link dev.isola.mvm.invoke.Invoker}): the admin isolate holds a proxy, the domain isolate's
 * control listener the implementation.
 *
 * <pre>
 *   admin isolate                         control links                      domain isolate "crm-ejb"
 *   control.deploy("shop.ear") ──▶ request ─────────────────────────▶ ControlListener ─▶ SubServers.deploy
 *                             ◀── ApplicationStatus or ControlException ◀──
 * </pre>
 *
 * <p>Links for the sub-servers of a separated domain are handed over as their descriptors
 * ({@link dev.isola.mvm.link.LinkDescriptor#encode()}, what a
 * {@link dev.isola.mvm.link.LinkMessage.LinkTransfer} carries), as a pair seen from the
 * receiving isolate: what it sends on, what it receives on.
 */
public interface DomainControl {

    /** The target name the control listener is served under. */
    String TARGET = "domain-control";

    /** What the isolate is doing and what it has deployed. */
    MemberStatus status();

    /**
     * Waits up to {@code timeoutMillis} until the isolate has started its sub-servers and
     * redeployed its recorded applications.
     *
     * @return the status then (phase {@link MemberStatus.Phase#READY} unless the time ran out)
     */
    MemberStatus awaitReady(long timeoutMillis);

    /**
     * Deploys the archive {@code archive} (a file name in the domain's {@code applications/archives/}).
     *
     * @throws ControlException with the deployment error (application, module, class, member); nothing stays deployed
     */
    ApplicationStatus deploy(String archive) throws ControlException;

    /**
     * Undeploys the application {@code name}.
     *
     * @throws ControlException if no application of that name is deployed here
     */
    void undeploy(String name) throws ControlException;

    /** JMS destinations with their depths and counters (empty in an isolate without JMS). */
    MemberMetrics metrics();

    /**
     * The first {@code max} messages waiting in JMS queue {@code queue}, in delivery order, not
     * consumed. (Added after the first builds: an isolate of an earlier build answers that it has
     * no such method.)
     *
     * @throws NotAQueueException if the isolate's JMS sub-server has no queue of that name
     * @throws ControlException   if this isolate has no JMS sub-server or is not ready
     */
    JmsQueueContents jmsQueue(String queue, int max) throws NotAQueueException, ControlException;

    /**
     * Removes every message waiting in JMS queue {@code queue}, also from the store, and says how
     * many; messages in flight stay with their consumers. (Added after the first builds, as
     * {@link #jmsQueue}.)
     *
     * @throws NotAQueueException    if the isolate's JMS sub-server has no queue of that name
     * @throws ControlException      if this isolate has no JMS sub-server or is not ready
     * @throws IllegalStateException if the store could not remove them (every message is still there)
     */
    int purgeJmsQueue(String queue) throws NotAQueueException, ControlException;

    /**
     * The durable subscriptions of JMS topic {@code topic}, sorted by id, with what waits in each.
     * (Added after the queue operations: an isolate of an earlier build answers that it has no such method.)
     *
     * @throws NotATopicException if the isolate's JMS sub-server has no topic of that name
     * @throws ControlException   if this isolate has no JMS sub-server or is not ready
     */
    List<JmsSubscription> jmsSubscriptions(String topic) throws NotATopicException, ControlException;

    /**
     * The first {@code max} messages waiting in durable subscription {@code subscription} (its
     * {@link JmsSubscription#id}) of JMS topic {@code topic}, in delivery order, not consumed;
     * {@link JmsQueueContents#queue} is the topic. (Added as {@link #jmsSubscriptions}.)
     *
     * @throws NotATopicException           if the isolate's JMS sub-server has no topic of that name
     * @throws UnknownSubscriptionException if the topic has no durable subscription of that id
     * @throws ControlException             if this isolate has no JMS sub-server or is not ready, or the id fits two subscriptions
     */
    JmsQueueContents jmsSubscription(String topic, String subscription, int max) throws NotATopicException, UnknownSubscriptionException,
            ControlException;

    /**
     * Removes every message waiting in durable subscription {@code subscription} of JMS topic
     * {@code topic}, also from the store, and says how many; messages in flight stay with their
     * consumer, and the subscription stays. (Added as {@link #jmsSubscriptions}.)
     *
     * @throws NotATopicException           if the isolate's JMS sub-server has no topic of that name
     * @throws UnknownSubscriptionException if the topic has no durable subscription of that id
     * @throws ControlException             if this isolate has no JMS sub-server or is not ready, or the id fits two subscriptions
     * @throws IllegalStateException        if the store could not remove them (every message is still there)
     */
    int purgeJmsSubscription(String topic, String subscription) throws NotATopicException, UnknownSubscriptionException, ControlException;

    /**
     * Sets the levels of the loggers named ({@link dev.isola.domains.config.LogLevels}: logger →
     * level name, {@code root} for the root logger) and puts back the defaults of those named by
     * the previous call and not by this one, without a restart. (Added after the first builds, as
     * {@link #jmsQueue}.)
     *
     * @return the level each named logger has now in this isolate, by the name given
     * @throws ControlException naming the logger whose level is not one
     */
    Map<String, String> applyLogLevels(Map<String, String> levels) throws ControlException;

    /**
     * Connects to the database of datasource {@code name} afresh and checks the connection; a
     * datasource not used yet is opened. A database that does not answer is a result, not an
     * exception. (Added after the first builds, as {@link #jmsQueue}; the pools' figures come
     * with {@link #metrics()}.)
     *
     * @param application the application that defined it; empty for the domain's own; null for whichever has the name
     * @throws UnknownDataSourceException if the isolate has no datasource of that name, or several
     * @throws ControlException           if the isolate is not ready
     */
    DataSourcePing pingDataSource(String name, String application) throws UnknownDataSourceException, ControlException;

    /**
     * Copies every database this isolate holds in the domain's {@code data/} directory (embedded
     * Derby databases of its datasources, the JMS store) to the same place under the directory
     * {@code staging}, each consistent as of one moment, while the isolate goes on serving: for a
     * backup of the running domain. (Added after the first builds, as {@link #jmsQueue}.)
     *
     * @param staging an absolute path the admin isolate made for this backup
     * @return the databases copied, as paths relative to {@code data/} with {@code /} between their parts
     * @throws ControlException if the isolate is not ready, or a database could not be copied (named, with Derby's reason)
     */
    List<String> backUpDatabases(String staging) throws ControlException;

    /**
     * Holds this isolate's transaction commits back until {@link #releaseCommits} or until
     * {@code leaseMillis} have passed, and answers once the commits in progress have ended: for a
     * backup of a separated domain, whose isolates each copy their own databases, so that no
     * transaction commits between their copies. (Added with {@link #backUpDatabases}.)
     *
     * @return the token that releases them
     * @throws ControlException if the isolate is not ready, or commits are held already
     */
    String holdCommits(long leaseMillis) throws ControlException;

    /**
     * Lets the commits held by {@link #holdCommits} go on.
     *
     * @return false if that hold had ended already (its lease ran out: the backup is not whole)
     */
    boolean releaseCommits(String token);

    /** Exits in an orderly way (applications undeployed, sub-servers stopped) soon after replying. */
    void shutdown();

    /**
     * (Re)connects this isolate's EJB client to the domain's EJB isolate over the pair given,
     * replacing the previous pair.
     *
     * @throws ControlException if this isolate has no web sub-server, or hosts EJB itself, or a link cannot be opened
     */
    void connectEjb(String outgoing, String incoming) throws ControlException;

    /**
     * Serves one client isolate's EJB calls over the pair given.
     *
     * @throws ControlException if this isolate has no EJB sub-server or a link cannot be opened
     */
    void serveEjbClient(String outgoing, String incoming) throws ControlException;

    /**
     * (Re)connects this isolate's JMS client to the domain's JMS isolate, replacing the previous pair.
     *
     * @throws ControlException if this isolate hosts JMS itself or a link cannot be opened
     */
    void connectJms(String outgoing, String incoming) throws ControlException;

    /**
     * Serves one client isolate's JMS traffic over the pair given.
     *
     * @throws ControlException if this isolate has no JMS sub-server or a link cannot be opened
     */
    void serveJmsClient(String outgoing, String incoming) throws ControlException;
}
