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
 * Which HTTP and HTTPS ports a domain may have: none that another domain has, now or at its next start
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
     * Refuses {@code config}'s ports (HTTP, and HTTPS when enabled) if another domain has one of
     * them, and those not among {@code own} (the ports the domain listens on now) if they cannot
     * be bound.
     *
     * @throws ApiException 409 naming the port, and the domain or that another process has it
     */
    void check(DomainConfig config, List<Integer> own) {
        for (DomainConfig other : othersThan(config.name())) {
            for (int port : config.ports()) {
                if (other.ports().contains(port)) {
                    throw new ApiException(409, "port " + port + " is already " + (other.httpPort() == port ? "the HTTP" : "the HTTPS")
                            + " port of domain " + other.name() + "; choose another port (" + field(config, port) + ")");
                }
            }
        }
        for (int port : config.ports()) {
            if (!own.contains(port) && !bindable(config.host(), port)) {
                throw new ApiException(409, "port " + port + " on " + config.host() + " is in use by another process;"
                        + " choose another port (" + field(config, port) + ")");
            }
        }
    }

    private static String field(DomainConfig config, int port) {
        return config.httpPort() == port ? "httpPort" : "https.port";
    }

    /** The first port from 8080 up that no domain has and no process listens on. */
    int free(String host) {
        List<Integer> taken = othersThan(NO_DOMAIN).stream().flatMap(c -> c.ports().stream()).toList();
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
