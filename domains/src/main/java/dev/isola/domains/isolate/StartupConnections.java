package dev.isola.domains.isolate;

import dev.isola.mvm.invoke.LinkPair;

import java.util.List;
import java.util.Optional;

/**
 * The link pairs a member of a separated domain is handed at start for reaching its peers,
 * each seen from this isolate (what it sends on, what it receives on): its clients to the
 * EJB and JMS isolates, and the pairs on which it serves other isolates.
 */
record StartupConnections(Optional<LinkPair> toEjb, Optional<LinkPair> toJms, List<LinkPair> ejbClients, List<LinkPair> jmsClients) {

    static final StartupConnections NONE = new StartupConnections(Optional.empty(), Optional.empty(), List.of(), List.of());

    StartupConnections {
        ejbClients = List.copyOf(ejbClients);
        jmsClients = List.copyOf(jmsClients);
    }

    /** Connects the clients before serving anyone, so that an EJB isolate reaches JMS before its beans start. */
    void applyTo(MemberServer server) {
        toJms.ifPresent(server::connectJms);
        toEjb.ifPresent(server::connectEjb);
        jmsClients.forEach(server::serveJmsClient);
        ejbClients.forEach(server::serveEjbClient);
    }
}
