/**
 * The Pet Store's business tier: catalog, accounts, the stateful shopping cart, order placement
 * and order processing.
 *
 * <p>Every enterprise bean here is thin: it obtains a JDBC connection from the default data
 * source (or a JMS context from the default connection factory) and delegates to a plain class
 * that works on that connection. The plain classes carry the rules (validation, stock reservation,
 * approval) and are tested against a real embedded Derby without a container.
 */
package dev.isola.petstore;
