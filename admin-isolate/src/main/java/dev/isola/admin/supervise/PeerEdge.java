package dev.isola.admin.supervise;

import dev.isola.appserver.jms.config.BrokerConfig;
import dev.isola.appserver.jms.link.JmsLinks;
import dev.isola.domains.config.DomainMode;
import dev.isola.domains.config.Member;
import dev.isola.domains.control.ControlException;
import dev.isola.domains.control.DomainControl;
import dev.isola.domains.isolate.StartupPair;
import dev.isola.mvm.link.LinkOptions;

import java.util.List;

/**
 * A client-to-server connection between two isolates of a separated domain: the web isolate
 * calls the EJB isolate, and both reach the JMS isolate. Each is a pair of links that the
 * admin creates and hands to both ends, at start (as {@link StartupPair}s) or, when only one
 * end is new, to the running end over its control link.
 *
 * <pre>
 *   web ──TO_EJB/WEB_CLIENT──▶ ejb ──TO_JMS/EJB_CLIENT──▶ jms
 *    └────────────────TO_JMS/WEB_CLIENT─────────────────▶┘
 * </pre>
 */
enum PeerEdge {
    WEB_TO_EJB(Member.WEB, Member.EJB, StartupPair.TO_EJB, StartupPair.WEB_CLIENT),
    WEB_TO_JMS(Member.WEB, Member.JMS, StartupPair.TO_JMS, StartupPair.WEB_CLIENT),
    EJB_TO_JMS(Member.EJB, Member.JMS, StartupPair.TO_JMS, StartupPair.EJB_CLIENT);

    private final Member client;
    private final Member server;
    private final StartupPair clientPair;
    private final StartupPair serverPair;

    PeerEdge(Member client, Member server, StartupPair clientPair, StartupPair serverPair) {
        this.client = client;
        this.server = server;
        this.clientPair = clientPair;
        this.serverPair = serverPair;
    }

    Member client() { return client; }

    Member server() { return server; }

    StartupPair clientPair() { return clientPair; }

    StartupPair serverPair() { return serverPair; }

    /**
     * How the pair's links are made: those to the JMS isolate carry whole JMS messages, so their
     * rings hold the broker's largest message (the JMS isolate refuses smaller ones).
     */
    LinkOptions options() {
        return server == Member.JMS ? LinkOptions.DEFAULTS.withCapacity(JmsLinks.capacityFor(BrokerConfig.DEFAULT_MAX_MESSAGE_SIZE))
                : LinkOptions.DEFAULTS;
    }

    static List<PeerEdge> of(DomainMode mode) {
        return mode == DomainMode.SEPARATED ? List.of(values()) : List.of();
    }

    /** Tells the running client isolate to use the new pair (seen from it: requests out, replies in). */
    void connect(DomainControl client, String outgoing, String incoming) throws ControlException {
        if (server == Member.EJB) {
            client.connectEjb(outgoing, incoming);
        } else {
            client.connectJms(outgoing, incoming);
        }
    }

    /** Tells the running server isolate to serve the new pair (seen from it: replies out, requests in). */
    void serve(DomainControl server, String outgoing, String incoming) throws ControlException {
        if (this.server == Member.EJB) {
            server.serveEjbClient(outgoing, incoming);
        } else {
            server.serveJmsClient(outgoing, incoming);
        }
    }
}
