/**
 * The JMS provider as the application server's containers use it: the sub-server a
 * {@code SubServers} runs ({@link dev.isola.appserver.jms.container.JmsSubServer}: the
 * broker with its store in the domain's data directory, the default connection factory,
 * destinations declared by the domain configuration and by applications), and the bridge that
 * lets sessions take part in the server's container-managed transactions
 * ({@link dev.isola.appserver.jms.container.TransactionalSessions}).
 *
 * <p>The provider itself ({@code client}, {@code broker}, {@code protocol}) knows nothing of
 * transactions or deployments; everything that does is here.
 */
package dev.isola.appserver.jms.container;
