package dev.isola.domains.isolate;

import dev.isola.appserver.Deployment;
import dev.isola.appserver.ServerConfig;
import dev.isola.appserver.SubServerRole;
import dev.isola.appserver.SubServers;
import dev.isola.appserver.jdbc.DataSourceSpec;
import dev.isola.appserver.jdbc.PingResult;
import dev.isola.appserver.jdbc.PoolFigures;
import dev.isola.appserver.jms.broker.DestinationStats;
import dev.isola.appserver.jms.broker.MessageAdministration;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.web.AccessLog;
import dev.isola.appserver.web.HttpsListener;
import dev.isola.appserver.web.SelfSignedKeyStore;
import dev.isola.appserver.web.WebServer;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.HttpsConfig;
import dev.isola.domains.config.Member;
import dev.isola.mvm.invoke.LinkPair;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.SQLException;
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
        return new MemberServer(member, SubServers.start(serverConfig(config, directory, member)));
    }

    /** What {@link SubServers} is started with for {@code member}. */
    static ServerConfig serverConfig(DomainConfig config, DomainDirectory directory, Member member) {
        DomainsRoot root = DomainsRoot.at(directory.path().getParent());
        ServerConfig.Builder builder = ServerConfig.builder(directory.data(), directory.workDirectory())
                .host(config.host())
                .httpPort(member.hosts(SubServerRole.WEB) ? config.httpPort() : 0)
                .roles(member.roles())
                .domain(config.name())
                .jspCache(root.jspCache())
                .databaseTemplates(root.databaseTemplates());
        for (DataSourceSpec ds : config.dataSources()) {
            builder.dataSource(ds);
        }
        if (member.hosts(SubServerRole.WEB) && config.accessLog().enabled()) {
            builder.accessLog(new AccessLog(directory.logs(), member.isolateName(config.name()) + "-access", config.accessLog().pattern(),
                    config.accessLog().maxDays(), config.accessLog().maxFileSize()));
        }
        if (member.hosts(SubServerRole.WEB)) {
            builder.keyfile(directory.keyfile()).realm(config.realm());
        }
        if (member.hosts(SubServerRole.WEB) && config.https().enabled()) {
            builder.https(httpsListener(config, directory));
        }
        if (member.hosts(SubServerRole.JMS)) {
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
        return member.hosts(SubServerRole.WEB) ? server.httpPort() : -1;
    }

    Deployment deploy(Path archive) {
        return server.deploy(archive);
    }

    void undeploy(String name) {
        server.undeploy(name);
    }

    List<PoolFigures> dataSources() {
        return server.dataSources();
    }

    PingResult pingDataSource(String name, String application) throws SQLException {
        return server.pingDataSource(name, application);
    }

    List<String> backUpDatabases(Path staging) throws SQLException, IOException {
        return server.backUpDatabases(staging);
    }

    String holdCommits(java.time.Duration lease) throws InterruptedException {
        return server.holdCommits(lease);
    }

    boolean releaseCommits(String token) {
        return server.releaseCommits(token);
    }

    List<Deployment> deployments() {
        return server.deployments();
    }

    List<DestinationStats> jmsDestinations() {
        return member.hosts(SubServerRole.JMS) ? server.jmsDestinations() : List.of();
    }

    /** See {@link SubServers#jmsAdministration}; only where the JMS sub-server runs. */
    MessageAdministration jmsAdministration() {
        return server.jmsAdministration();
    }

    /** The domain's key store, or the self-signed one, made at the first start that needs it. */
    private static HttpsListener httpsListener(DomainConfig config, DomainDirectory directory) {
        HttpsConfig https = config.https();
        Path keyStore = https.keyStorePath(directory.path());
        if (!https.keyStore().isEmpty()) {
            return new HttpsListener(https.port(), keyStore, https.keyStorePassword());
        }
        try {
            return SelfSignedKeyStore.ensure(https.port(), keyStore, config.name(), config.host());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the self-signed key store " + keyStore + " of domain " + config.name() + ": " + e.getMessage(), e);
        }
    }

    List<WebServer.ModuleRequests> webRequests() {
        return member.hosts(SubServerRole.WEB) ? server.webRequests() : List.of();
    }

    void connectEjb(LinkPair toEjbIsolate) {
        server.connectEjb(toEjbIsolate);
    }

    void serveEjbClient(LinkPair fromClient) {
        server.serveEjbClient(fromClient);
    }

    void connectJms(LinkPair toJmsIsolate) {
        server.connectJms(toJmsIsolate);
    }

    void serveJmsClient(LinkPair fromClient) {
        server.serveJmsClient(fromClient);
    }

    @Override
    public void close() {
        server.stop();
    }
}
