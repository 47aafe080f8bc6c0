package dev.isola.domains.isolate;

import dev.isola.appserver.Deployment;
import dev.isola.appserver.ServerConfig;
import dev.isola.appserver.SubServers;
import dev.isola.appserver.jdbc.DataSourceSpec;
import dev.isola.appserver.jms.broker.DestinationStats;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.Member;
import dev.isola.mvm.invoke.LinkPair;

import java.nio.file.Path;
import java.util.List;

/**
 * The sub-servers one domain isolate hosts, set up from the domain's configuration for its
 * member: all three for a combined domain's {@link Member#SERVER}, one for a member of a
 * separated domain, which reaches the others over the link pairs it is given.
 */
final class MemberServer implements AutoCloseable {

    private final Member member;
    private final SubServers server;

    private MemberServer(Member member, SubServers server) {
        this.member = member;
        this.server = server;
    }

    /**
     * Starts the sub-servers of {@code member}.
     *
     * @throws IllegalStateException if they cannot start (the HTTP port is taken, for example)
     */
    static MemberServer start(DomainConfig config, DomainDirectory directory, Member member) {
        if (member != Member.SERVER) {
            throw new UnsupportedOperationException("the " + member.key() + " isolate of separated domain " + config.name()
                    + " cannot start: this build of appserver hosts all three sub-servers together only (no SubServerRole yet)");
        }
        return new MemberServer(member, SubServers.start(serverConfig(config, directory, member)));
    }

    /** What {@link SubServers} is started with for {@code member}. */
    static ServerConfig serverConfig(DomainConfig config, DomainDirectory directory, Member member) {
        ServerConfig.Builder builder = ServerConfig.builder(directory.data(), directory.workDirectory())
                .host(config.host())
                .httpPort(member.hosts(Member.Role.WEB) ? config.httpPort() : 0);
        for (DataSourceSpec ds : config.dataSources()) {
            builder.dataSource(ds);
        }
        if (member.hosts(Member.Role.JMS)) {
            for (DestinationConfig destination : config.jmsDestinations()) {
                builder.jmsDestination(destination);
            }
        }
        return builder.build();
    }

    Member member() {
        return member;
    }

    /** The web sub-server's port, -1 without one. */
    int httpPort() {
        return member.hosts(Member.Role.WEB) ? server.httpPort() : -1;
    }

    Deployment deploy(Path archive) {
        return server.deploy(archive);
    }

    void undeploy(String name) {
        server.undeploy(name);
    }

    List<Deployment> deployments() {
        return server.deployments();
    }

    List<DestinationStats> jmsDestinations() {
        return member.hosts(Member.Role.JMS) ? server.jmsDestinations() : List.of();
    }

    void connectEjb(LinkPair toEjbIsolate) {
        throw new UnsupportedOperationException("connecting to an EJB isolate needs SubServers.connectEjb, which this build of appserver lacks");
    }

    void serveEjbClient(LinkPair fromClient) {
        throw new UnsupportedOperationException("serving EJB clients needs SubServers.serveEjbClient, which this build of appserver lacks");
    }

    void connectJms(LinkPair toJmsIsolate) {
        throw new UnsupportedOperationException("connecting to a JMS isolate needs SubServers.connectJms, which this build of appserver lacks");
    }

    void serveJmsClient(LinkPair fromClient) {
        throw new UnsupportedOperationException("serving JMS clients needs SubServers.serveJmsClient, which this build of appserver lacks");
    }

    @Override
    public void close() {
        server.stop();
    }
}
