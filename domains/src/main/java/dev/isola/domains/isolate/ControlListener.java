package dev.isola.domains.isolate;

import dev.isola.appserver.Deployment;
import dev.isola.appserver.SubServerRole;
import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.jdbc.PingResult;
import dev.isola.appserver.jms.broker.DestinationStats;
import dev.isola.appserver.jms.broker.NoSuchQueueException;
import dev.isola.appserver.jms.broker.NoSuchSubscriptionException;
import dev.isola.appserver.jms.broker.NoSuchTopicException;
import dev.isola.appserver.jms.store.StoreException;
import dev.isola.appserver.web.RequestStatistics;
import dev.isola.appserver.web.WebServer;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.applications.ApplicationRecord;
import dev.isola.domains.applications.ApplicationRegistry;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainConfigException;
import dev.isola.domains.config.LogLevels;
import dev.isola.domains.config.Member;
import dev.isola.domains.control.ApplicationStatus;
import dev.isola.domains.control.ControlException;
import dev.isola.domains.control.DataSourcePing;
import dev.isola.domains.control.DataSourceStatus;
import dev.isola.domains.control.DomainControl;
import dev.isola.domains.control.JmsQueueContents;
import dev.isola.domains.control.JmsSubscription;
import dev.isola.domains.control.MemberMetrics;
import dev.isola.domains.control.MemberStatus;
import dev.isola.domains.control.UnknownDataSourceException;
import dev.isola.domains.logging.ProcessLogging;
import dev.isola.mvm.invoke.InvocationServer;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.invoke.Targets;
import dev.isola.mvm.isolate.ElasticYoungGeneration;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.codec.Serializers;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;

/**
 * The domain isolate's end of the admin's control links: serves {@link DomainControl} on
 * every control pair it is given (the one handed at start, and any that a restarted admin
 * drops into the isolate's link inbox), and carries out the messages on the isolate's
 * {@link MemberServer}.
 */
final class ControlListener implements DomainControl {

    private static final System.Logger LOG = System.getLogger("dev.isola.domains");

    private final DomainConfig config;
    private final DomainDirectory directory;
    private final Member member;
    private final Instant startedAt = Instant.now();
    private final CompletableFuture<Void> settled = new CompletableFuture<>();
    /** Applications recorded for the domain that this isolate could not redeploy at start, by name. */
    private final Map<String, ApplicationStatus> failed = new LinkedHashMap<>();
    private volatile MemberServer server;
    private volatile MemberStatus.Phase phase = MemberStatus.Phase.STARTING;
    private volatile String problem = "";
    private volatile Instant readyAt;

    ControlListener(DomainConfig config, DomainDirectory directory, Member member) {
        this.config = config;
        this.directory = directory;
        this.member = member;
    }

    /** Serves control calls arriving on {@code links} (seen from this isolate: replies out, requests in). */
    void serve(LinkPair links, String from) {
        // The JDK's serialization, as the admin's end (ControlClient) has it: an idle domain loads no Fory for its few calls.
        InvocationServer.start(links, new Targets().register(TARGET, DomainControl.class, this), Serializers.JAVA)
                .onStop().thenRun(() -> LOG.log(System.Logger.Level.INFO, "control link " + links.incoming().id() + " (" + from + ") closed"));
        LOG.log(System.Logger.Level.INFO, "serving control link " + links.incoming().id() + " (" + from + ")");
    }

    /**
     * Starts the member's sub-servers, connects them as {@code connections} says, and redeploys
     * the domain's recorded applications. A failure to start leaves the phase FAILED with the
     * reason, for the admin to read.
     */
    void start(StartupConnections connections) {
        try {
            MemberServer started = MemberServer.start(config, directory, member);
            server = started;
            connections.applyTo(started);
            if (member.hosts(SubServerRole.WEB) || member.hosts(SubServerRole.EJB)) {
                redeployRecordedApplications(started);
            }
            // The start's leftovers go before the first request: a domain that was a spare, whose old generation kept
            // the warm-up's room, would otherwise hold them for minutes.
            ElasticYoungGeneration.shrinkToIdle();
            readyAt = Instant.now();
            phase = MemberStatus.Phase.READY;
            LOG.log(System.Logger.Level.INFO, "ready: " + member.key() + " isolate of " + config.mode().key() + " domain " + config.name()
                    + (started.httpPort() > 0 ? ", http://" + config.host() + ":" + started.httpPort() + "/" : "")
                    + ", " + started.deployments().size() + " application(s)");
        } catch (RuntimeException e) {
            problem = e.getMessage();
            phase = MemberStatus.Phase.FAILED;
            LOG.log(System.Logger.Level.ERROR, "cannot start: " + problem);
        } finally {
            settled.complete(null);
        }
    }

    private void redeployRecordedApplications(MemberServer started) {
        for (ApplicationRecord application : new ApplicationRegistry(directory).list()) {
            Path archive = directory.archives().resolve(application.archive());
            try {
                started.deploy(archive);
            } catch (DeploymentException | IllegalStateException e) {
                synchronized (failed) {
                    failed.put(application.name(), new ApplicationStatus(application.name(), ApplicationStatus.State.FAILED, List.of(), null,
                            e.getMessage()));
                }
                LOG.log(System.Logger.Level.WARNING, "recorded application " + application.name() + " could not be redeployed: " + e.getMessage());
            }
        }
    }

    /** Stops the sub-servers (at exit). */
    void stop() {
        phase = MemberStatus.Phase.STOPPING;
        MemberServer current = server;
        if (current != null) {
            current.close();
        }
    }

    MemberStatus.Phase phase() {
        return phase;
    }

    @Override
    public MemberStatus status() {
        MemberServer current = server;
        List<ApplicationStatus> applications = new ArrayList<>();
        if (current != null) {
            for (Deployment d : current.deployments()) {
                applications.add(new ApplicationStatus(d.name(), ApplicationStatus.State.DEPLOYED, d.modules(), d.deployedAt(), ""));
            }
        }
        synchronized (failed) {
            applications.addAll(failed.values());
        }
        Isolate self = Isolate.current();
        return new MemberStatus(config.name(), member.key(), self.id(), ProcessHandle.current().pid(), phase,
                current == null ? -1 : current.httpPort(), startedAt, readyAt, applications, problem);
    }

    @Override
    public MemberStatus awaitReady(long timeoutMillis) {
        try {
            settled.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            // The status says STARTING; the caller decides how long to go on waiting.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
        return status();
    }

    @Override
    public ApplicationStatus deploy(String archive) throws ControlException {
        MemberServer current = requireReady("deploy " + archive);
        Path file = directory.archives().resolve(archive).normalize();
        if (!file.getParent().equals(directory.archives())) {
            throw new ControlException("archive '" + archive + "' must be a file name in " + directory.archives());
        }
        try {
            Deployment d = current.deploy(file);
            synchronized (failed) {
                failed.remove(d.name());
            }
            return new ApplicationStatus(d.name(), ApplicationStatus.State.DEPLOYED, d.modules(), d.deployedAt(), "");
        } catch (DeploymentException | IllegalStateException e) {
            throw new ControlException(e.getMessage());
        }
    }

    @Override
    public void undeploy(String name) throws ControlException {
        MemberServer current = requireReady("undeploy " + name);
        boolean wasFailed;
        synchronized (failed) {
            wasFailed = failed.remove(name) != null;
        }
        if (wasFailed) {
            return;
        }
        try {
            current.undeploy(name);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ControlException(e.getMessage());
        }
    }

    @Override
    public MemberMetrics metrics() {
        MemberServer current = server;
        if (current == null) {
            return new MemberMetrics(Instant.now(), 0, List.of(), List.of(), List.of());
        }
        List<MemberMetrics.DestinationMetrics> destinations = new ArrayList<>();
        for (DestinationStats s : current.jmsDestinations()) {
            destinations.add(new MemberMetrics.DestinationMetrics(s.name(), s.type().name().toLowerCase(Locale.ROOT), s.depth(), s.inFlight(),
                    s.consumers(), s.enqueued(), s.acknowledged(), s.expired(), s.deadLettered()));
        }
        List<MemberMetrics.WebModuleMetrics> webModules = new ArrayList<>();
        for (WebServer.ModuleRequests m : current.webRequests()) {
            webModules.add(new MemberMetrics.WebModuleMetrics(m.application(), m.module(), m.contextPath(), m.requests().byStatusClass(),
                    RequestStatistics.BUCKET_BOUNDS, m.requests().byDuration(), m.requests().durationSeconds(), m.requests().active()));
        }
        return new MemberMetrics(Instant.now(), current.deployments().size(), destinations, webModules, dataSourcesOf(current));
    }

    private static List<DataSourceStatus> dataSourcesOf(MemberServer current) {
        return current.dataSources().stream().map(f -> new DataSourceStatus(f.name(), f.application(), f.database(),
                f.state().name().toLowerCase(Locale.ROOT).replace('_', ' '), f.active(), f.idle(), f.waiting(), f.maxPoolSize())).toList();
    }

    @Override
    public DataSourcePing pingDataSource(String name, String application) throws ControlException {
        MemberServer current = requireReady("ping datasource " + name);
        try {
            PingResult answered = current.pingDataSource(name, application);
            return new DataSourcePing(answered.name(), answered.application(), true, answered.product(), answered.millis(), answered.openedPool(),
                    "", "");
        } catch (IllegalArgumentException e) {
            throw new UnknownDataSourceException(e.getMessage());
        } catch (SQLException e) {
            LOG.log(System.Logger.Level.WARNING, "datasource " + name + " did not answer the admin's ping: " + e.getMessage()
                    + " (SQLState " + e.getSQLState() + ")");
            return new DataSourcePing(name, application == null ? "" : application, false, "", 0, false,
                    e.getSQLState() == null ? "" : e.getSQLState(), e.getMessage());
        }
    }

    @Override
    public List<String> backUpDatabases(String staging) throws ControlException {
        MemberServer current = requireReady("back up the databases");
        long started = System.nanoTime();
        try {
            List<String> copied = current.backUpDatabases(Path.of(staging));
            LOG.log(System.Logger.Level.INFO, "copied " + copied.size() + " database(s) for a backup of the running domain " + copied.stream()
                    .map(d -> "data/" + d).toList() + " in " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) + " ms");
            return copied;
        } catch (SQLException e) {
            LOG.log(System.Logger.Level.WARNING, "backup of the running domain failed: " + e.getMessage() + " (SQLState " + e.getSQLState() + ")");
            throw new ControlException(e.getMessage() + " (SQLState " + e.getSQLState() + ")");
        } catch (IOException | StoreException e) {
            LOG.log(System.Logger.Level.WARNING, "backup of the running domain failed: " + e.getMessage());
            throw new ControlException(e.getMessage());
        }
    }

    @Override
    public String holdCommits(long leaseMillis) throws ControlException {
        MemberServer current = requireReady("hold commits for a backup");
        try {
            return current.holdCommits(Duration.ofMillis(leaseMillis));
        } catch (IllegalStateException e) {
            throw new ControlException(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ControlException("interrupted while holding commits for a backup");
        }
    }

    @Override
    public boolean releaseCommits(String token) {
        MemberServer current = server;
        boolean released = current != null && current.releaseCommits(token);
        if (!released) {
            LOG.log(System.Logger.Level.WARNING, "commits held for a backup had been let go already (their lease ran out) when the admin released them");
        }
        return released;
    }

    @Override
    public JmsQueueContents jmsQueue(String queue, int max) throws ControlException {
        MemberServer current = requireJms("browse JMS queue " + queue);
        try {
            return QueueListing.of(current.jmsAdministration().queueContents(queue, max));
        } catch (NoSuchQueueException e) {
            throw refusals(current).notAQueue(e);
        }
    }

    @Override
    public int purgeJmsQueue(String queue) throws ControlException {
        MemberServer current = requireJms("purge JMS queue " + queue);
        try {
            int removed = current.jmsAdministration().purgeQueue(queue);
            LOG.log(System.Logger.Level.INFO, "purged " + removed + " waiting message(s) from JMS queue " + queue + " on the admin's request");
            return removed;
        } catch (NoSuchQueueException e) {
            throw refusals(current).notAQueue(e);
        } catch (StoreException e) {
            throw new IllegalStateException("cannot purge JMS queue " + queue + ": " + e.getMessage() + "; every message is still there", e);
        }
    }

    @Override
    public List<JmsSubscription> jmsSubscriptions(String topic) throws ControlException {
        MemberServer current = requireJms("list the durable subscriptions of JMS topic " + topic);
        try {
            return current.jmsAdministration().durableSubscriptions(topic).stream().map(s -> new JmsSubscription(s.id(), s.clientId(), s.name(), s.shared(),
                    s.selector(), s.noLocal(), s.depth(), s.inFlight(), s.consumers())).toList();
        } catch (NoSuchTopicException e) {
            throw refusals(current).notATopic(e);
        }
    }

    @Override
    public JmsQueueContents jmsSubscription(String topic, String subscription, int max) throws ControlException {
        MemberServer current = requireJms("browse durable subscription " + subscription + " of JMS topic " + topic);
        try {
            return QueueListing.of(current.jmsAdministration().subscriptionContents(topic, subscription, max));
        } catch (NoSuchTopicException e) {
            throw refusals(current).notATopic(e);
        } catch (NoSuchSubscriptionException e) {
            throw refusals(current).unknownSubscription(e);
        } catch (IllegalArgumentException e) {
            throw new ControlException(e.getMessage());
        }
    }

    @Override
    public int purgeJmsSubscription(String topic, String subscription) throws ControlException {
        String what = "durable subscription " + subscription + " of JMS topic " + topic;
        MemberServer current = requireJms("purge " + what);
        try {
            int removed = current.jmsAdministration().purgeSubscription(topic, subscription);
            LOG.log(System.Logger.Level.INFO, "purged " + removed + " waiting message(s) from " + what + " on the admin's request");
            return removed;
        } catch (NoSuchTopicException e) {
            throw refusals(current).notATopic(e);
        } catch (NoSuchSubscriptionException e) {
            throw refusals(current).unknownSubscription(e);
        } catch (IllegalArgumentException e) {
            throw new ControlException(e.getMessage());
        } catch (StoreException e) {
            throw new IllegalStateException("cannot purge " + what + ": " + e.getMessage() + "; every message is still there", e);
        }
    }

    @Override
    public Map<String, String> applyLogLevels(Map<String, String> levels) throws ControlException {
        LogLevels parsed;
        try {
            parsed = LogLevels.of(levels);
        } catch (DomainConfigException e) {
            throw new ControlException(e.getMessage());
        }
        Map<String, Level> now = ProcessLogging.applyLevels(DomainMain.julLevels(parsed));
        Map<String, String> answer = new TreeMap<>();
        parsed.levels().keySet().forEach(logger -> answer.put(logger, now.get(LogLevels.julName(logger)).getName()));
        LOG.log(System.Logger.Level.INFO, "log levels set on the admin's request: " + (answer.isEmpty() ? "the defaults" : answer));
        return answer;
    }

    /** The running server of this isolate, which must host the JMS sub-server, to {@code what}. */
    private MemberServer requireJms(String what) throws ControlException {
        requireRole(SubServerRole.JMS, true, what);
        return requireReady(what);
    }

    private JmsRefusals refusals(MemberServer current) {
        return new JmsRefusals(config.name(), current.jmsDestinations());
    }

    @Override
    public void shutdown() {
        LOG.log(System.Logger.Level.INFO, "shutdown requested by the admin isolate");
        phase = MemberStatus.Phase.STOPPING;
        // Exit from another thread, after this call's reply is on its way.
        Thread.ofPlatform().name("domain-shutdown").start(() -> {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            System.exit(0);
        });
    }

    @Override
    public void connectEjb(String outgoing, String incoming) throws ControlException {
        requireRole(SubServerRole.WEB, true, "connect to the EJB isolate");
        requireRole(SubServerRole.EJB, false, "connect to the EJB isolate");
        requireReady("connect to the EJB isolate").connectEjb(pair(outgoing, incoming));
        LOG.log(System.Logger.Level.INFO, "reconnected to the EJB isolate over " + outgoing);
    }

    @Override
    public void serveEjbClient(String outgoing, String incoming) throws ControlException {
        requireRole(SubServerRole.EJB, true, "serve EJB clients");
        requireReady("serve an EJB client").serveEjbClient(pair(outgoing, incoming));
        LOG.log(System.Logger.Level.INFO, "serving an EJB client over " + incoming);
    }

    @Override
    public void connectJms(String outgoing, String incoming) throws ControlException {
        requireRole(SubServerRole.JMS, false, "connect to the JMS isolate");
        requireReady("connect to the JMS isolate").connectJms(pair(outgoing, incoming));
        LOG.log(System.Logger.Level.INFO, "reconnected to the JMS isolate over " + outgoing);
    }

    @Override
    public void serveJmsClient(String outgoing, String incoming) throws ControlException {
        requireRole(SubServerRole.JMS, true, "serve JMS clients");
        requireReady("serve a JMS client").serveJmsClient(pair(outgoing, incoming));
        LOG.log(System.Logger.Level.INFO, "serving a JMS client over " + incoming);
    }

    private MemberServer requireReady(String what) throws ControlException {
        MemberServer current = server;
        if (current == null || phase == MemberStatus.Phase.FAILED || phase == MemberStatus.Phase.STOPPING) {
            throw new ControlException("cannot " + what + ": isolate " + member.isolateName(config.name()) + " is "
                    + phase.name().toLowerCase(Locale.ROOT) + (problem.isEmpty() ? "" : " (" + problem + ")"));
        }
        return current;
    }

    private void requireRole(SubServerRole role, boolean wanted, String what) throws ControlException {
        if (member.hosts(role) != wanted) {
            throw new ControlException("cannot " + what + ": isolate " + member.isolateName(config.name()) + " hosts "
                    + member.roles().stream().map(r -> r.name().toLowerCase(Locale.ROOT)).toList());
        }
    }

    private static LinkPair pair(String outgoing, String incoming) throws ControlException {
        try {
            return new LinkPair(Link.open(outgoing), Link.open(incoming));
        } catch (RuntimeException e) {
            throw new ControlException("cannot open the links handed over: " + e.getMessage());
        }
    }
}
