package dev.isola.admin.rest;

import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.config.DomainConfig;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which HTTP ports a domain may have: none that another domain has, now or at its next start
 * (a changed configuration that waits), and none that another process listens on. Checked
 * when a domain is created or reconfigured, so that the mistake is told then rather than when
 * the domain fails to start.
 */
final class DomainPorts {

    static final int FIRST_DEFAULT_PORT = 8080;
    /** No domain has this name ({@link dev.isola.domains.config.DomainConfig#checkName}): every domain is another. */
    private static final String NO_DOMAIN = "";

    private final Supervisor supervisor;

    DomainPorts(Supervisor supervisor) {
        this.supervisor = supervisor;
    }

    /**
     * Refuses {@code config}'s port if another domain has it or, when {@code probe}, if it cannot be bound.
     *
     * @throws ApiException 409 naming the domain or saying that another process has it
     */
    void check(DomainConfig config, boolean probe) {
        for (DomainConfig other : othersThan(config.name())) {
            if (other.httpPort() == config.httpPort()) {
                throw new ApiException(409, "port " + config.httpPort() + " is already the HTTP port of domain " + other.name()
                        + "; choose another port (httpPort)");
            }
        }
        if (probe && !bindable(config.host(), config.httpPort())) {
            throw new ApiException(409, "port " + config.httpPort() + " on " + config.host() + " is in use by another process;"
                    + " choose another port (httpPort)");
        }
    }

    /** The first port from 8080 up that no domain has and no process listens on. */
    int free(String host) {
        List<Integer> taken = othersThan(NO_DOMAIN).stream().map(DomainConfig::httpPort).toList();
        for (int port = FIRST_DEFAULT_PORT; port < FIRST_DEFAULT_PORT + 100; port++) {
            if (!taken.contains(port) && bindable(host, port)) {
                return port;
            }
        }
        throw new ApiException(409, "no free port between " + FIRST_DEFAULT_PORT + " and " + (FIRST_DEFAULT_PORT + 99) + "; give httpPort");
    }

    /** The configurations of every other domain, current and waiting; those that do not read are left out. */
    private List<DomainConfig> othersThan(String name) {
        List<DomainConfig> configs = new ArrayList<>();
        for (DomainConfig current : supervisor.root().loadAll()) {
            if (current.name().equals(name)) {
                continue;
            }
            configs.add(current);
            waiting(current.name()).ifPresent(configs::add);
        }
        return configs;
    }

    private Optional<DomainConfig> waiting(String name) {
        try {
            return supervisor.root().loadNext(name);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static boolean bindable(String host, int port) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(InetAddress.getByName(host), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
