package dev.isola.appserver;

/**
 * The sub-servers an isolate of a domain can host. A combined domain runs all three in one
 * isolate; a separated domain runs each in an isolate of its own, and they reach each other
 * over links:
 *
 * <pre>
 *   web isolate ── EJB calls (cross-isolate invocation) ──▶ EJB isolate
 *        │                                                     │
 *        └──────── JMS client/broker seam over links ──▶ JMS isolate ◀──┘
 * </pre>
 *
 * <p>{@link SubServers#connectEjb}, {@link SubServers#serveEjbClient},
 * {@link SubServers#connectJms} and {@link SubServers#serveJmsClient} join them up.
 */
public enum SubServerRole {
    /** Tomcat and the web modules of deployed applications. */
    WEB,
    /** The EJB container: session and message-driven beans, the embedded databases. */
    EJB,
    /** The JMS broker and its message store. */
    JMS
}
