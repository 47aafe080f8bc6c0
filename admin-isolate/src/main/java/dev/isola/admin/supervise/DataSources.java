package dev.isola.admin.supervise;

import dev.isola.appserver.SubServerRole;
import dev.isola.domains.control.DataSourcePing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Pings a domain's datasources (GlassFish's {@code ping-connection-pool}, WildFly's
 * {@code test-connection-in-pool}): the isolate that has the datasource connects to its database
 * afresh and says whether it answered. In a separated domain the EJB isolate is asked first (it
 * opens the embedded databases, and the beans use the datasources there), then the web isolate
 * (for what web modules define). Their pools' figures come with each isolate's metrics
 * ({@link DomainRuntime#metrics()}).
 */
public final class DataSources {

    /** Connecting to a database that is down can take the driver's whole login timeout. */
    static final Duration PING_TIMEOUT = Duration.ofSeconds(60);

    private final DomainRuntime domain;

    DataSources(DomainRuntime domain) {
        this.domain = domain;
    }

    /**
     * What datasource {@code name}'s database answered.
     *
     * @param isolate the isolate that connected
     */
    public record Ping(String isolate, DataSourcePing answer) {
    }

    /**
     * Pings datasource {@code name}.
     *
     * @param application the application that defined it, empty for the domain's own, null for whichever has the name
     * @throws DomainOperationException NOT_FOUND if no isolate has it (naming those there are), CONFLICT if the domain does not
     *                                  run or its isolate runs an earlier build, FAILED if the isolate did not answer
     */
    public Ping ping(String name, String application) {
        domain.requireRunning("ping datasource " + name + " of");
        List<MemberRuntime> candidates = new ArrayList<>(domain.members().stream()
                .filter(m -> m.member().hosts(SubServerRole.EJB) || m.member().hosts(SubServerRole.WEB)).toList());
        candidates.sort(Comparator.comparing(m -> m.member().hosts(SubServerRole.EJB) ? 0 : 1));
        if (candidates.isEmpty()) {
            throw new DomainOperationException(DomainOperationException.Kind.CONFLICT, "cannot ping datasource " + name + " of domain "
                    + domain.name() + ": none of its isolates runs; try again in a moment (deploy-tool status)");
        }
        DomainOperationException notFound = null;
        for (MemberRuntime m : candidates) {
            String isolate = m.member().isolateName(domain.name());
            try {
                return new Ping(isolate, IsolateCall.call(domain, m, "ping datasources", PING_TIMEOUT,
                        () -> m.control().control().pingDataSource(name, application)));
            } catch (DomainOperationException e) {
                if (e.kind() != DomainOperationException.Kind.NOT_FOUND) {
                    throw e;
                }
                notFound = notFound == null ? e : notFound;
            }
        }
        throw notFound;
    }
}
