/**
 * The JMS sub-server of a domain: a Jakarta Messaging 3.1 provider with a Derby-backed
 * message store.
 *
 * <pre>
 *   application code (Jakarta Messaging API)
 *        │
 *   client/        IsolaConnectionFactory → IsolaConnection → IsolaSession → producers, consumers, JMSContext
 *        │                                    (messages: message/, selectors checked early: selector/)
 *        │  BrokerCommand ▶ / ◀ BrokerReply, BrokerEvent      — plain records only (protocol/)
 *   ══ seam: BrokerConnection / BrokerEndpoint ══  in the same isolate: LocalBrokerConnector (a call)
 *        │                                          in another isolate: over a pair of mvm links (link/)
 *   broker/        Broker → MessageQueue (queues, subscription queues) → dispatch, redelivery, dead letters
 *        │
 *   store/         MessageStore → DerbyMessageStore (group commit)
 *
 *   config/        BrokerConfig, DestinationConfig, ConnectionFactoryConfig (what the domain configuration feeds)
 *   server/        JmsServer (start/stop, factories, destination statistics), JmsServerMain (an isolate of its own)
 *   container/     JmsSubServer, ApplicationJms: the sub-server as deployments use it (resources, definitions, transactions)
 *   link/          the seam over links: RemoteJmsSubServer (client isolate), JmsLinkService (JMS isolate)
 * </pre>
 *
 * <p>Nothing but {@link dev.isola.appserver.jms.protocol.MessageData} and the command, reply
 * and event records crosses the seam, so the application code and configuration are the
 * same whether the broker runs in the application's isolate or in its own.
 */
package dev.isola.appserver.jms;
