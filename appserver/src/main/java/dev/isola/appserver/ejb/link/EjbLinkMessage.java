package dev.isola.appserver.ejb.link;

import java.io.Serializable;

/**
 * What travels on the control pair between a web isolate and the EJB isolate of a separated
 * domain. Calls do not: each application gets a pair of links of its own, whose codec
 * sessions resolve classes in that application's class loader.
 *
 * <pre>
 *   web isolate                                   EJB isolate
 *   Open("shop") ───────────────────────────────▶ is shop deployed here?
 *        ◀──────────────────────────────────────  Opened("shop"), LinkTransfer(requests), LinkTransfer(replies)
 *        ◀──────────────────────────────────────  or Refused("shop", why)
 * </pre>
 */
public sealed interface EjbLinkMessage extends Serializable {

    /** Asks for a pair of links to the beans of {@code application}. */
    record Open(String application) implements EjbLinkMessage {
    }

    /** The pair follows: the link for requests, then the one for replies. */
    record Opened(String application) implements EjbLinkMessage {
    }

    /** {@code application} cannot be served, for {@code reason}. */
    record Refused(String application, String reason) implements EjbLinkMessage {
    }
}
