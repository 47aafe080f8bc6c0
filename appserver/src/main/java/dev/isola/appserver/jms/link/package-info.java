/**
 * The JMS client/broker seam carried over mvm links, for the separated placement: web and EJB
 * isolates reach the broker in the domain's JMS isolate.
 *
 * <pre>
 *   client isolate                                          JMS isolate
 *   IsolaConnectionFactory ─▶ RemoteJmsSubServer            JmsSubServer (broker, store)
 *                               │ BrokerConnector                ▲ BrokerAcceptor / BrokerEndpoint
 *                            JmsLinkChannel ══ pair of links ══ JmsLinkService
 *                               (JmsLinkMessage: Connect, Command, Reply, Event, Lost, Admin)
 * </pre>
 *
 * <p>One pair carries all connections of a client isolate. Neither side ever blocks a thread
 * that reads the link or runs the broker on a send ({@code Outbox}). A dead peer is a closed
 * link: the client's connections are lost (their {@code ExceptionListener}s hear it), or the
 * broker redelivers what the dead client held.
 */
package dev.isola.appserver.jms.link;
