package dev.isola.domains.isolate;

import dev.isola.domains.DomainDirectory;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainConfigException;
import dev.isola.domains.config.DomainConfigJson;
import dev.isola.domains.config.LogLevels;
import dev.isola.domains.config.Member;
import dev.isola.domains.control.MemberStatus;
import dev.isola.domains.logging.ProcessLogging;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkInbox;
import dev.isola.mvm.link.LinkOptions;
import dev.isola.mvm.link.TransportKind;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Level;
import java.util.stream.Stream;

/**
 * The main class of a domain isolate: one member of a domain (the single isolate of a
 * combined domain, or the web, EJB or JMS isolate of a separated one). Started by the admin
 * isolate's supervisor, never by hand:
 *
 * <pre>
 *   DomainMain --domain-dir var/domains/crm --member ejb
 *     1. logs to var/domains/crm/logs/crm-ejb.log, one line per event
 *     2. serves control calls on its startup control pair (and on pairs dropped into its link inbox later)
 *     3. starts its sub-servers, connects to its peers over the pairs handed at start ({@link StartupPair})
 *     4. redeploys the applications recorded in config/applications.json
 *     5. serves until told to shut down; an orderly exit stops everything (applications stay unpacked for the next start)
 * </pre>
 *
 * Which startup links are which follows from the member ({@link StartupPair#layout}); the
 * arguments are {@link MemberArguments}.
 */
public final class DomainMain {

    /** Exit status when the arguments are not a domain isolate's. */
    static final int BAD_ARGUMENTS = 64;
    /** Exit status when the configuration cannot be read. */
    static final int BAD_CONFIGURATION = 2;
    /** Exit status when the sub-servers could not start. */
    static final int FAILED_TO_START = 3;
    /** The inbox label under which a (restarted) admin isolate drops control pairs. */
    public static final String CONTROL_LABEL = "control";
    /**
     * How control links are made: over a Unix domain socket rather than shared memory. Control
     * calls come a few a minute and their latency does not matter, while a shared-memory link
     * makes its isolate link native downcalls (futex waits, pidfd polls) through the foreign
     * function API: ~290 classes and 2.5 to 3 MB of private memory in every isolate, which an
     * idle combined domain (whose only link is its control link) and the admin isolate would
     * pay for nothing (docs/results/footprint/idle-breakdown/native-calls/).
     */
    public static final LinkOptions CONTROL_LINK_OPTIONS = LinkOptions.DEFAULTS.withTransport(TransportKind.UNIX_SOCKET);

    private final MemberArguments arguments;

    private DomainMain(MemberArguments arguments) {
        this.arguments = arguments;
    }

    /** The configuration's levels by the names {@code java.util.logging} knows the loggers by. */
    static Map<String, Level> julLevels(LogLevels levels) {
        Map<String, Level> named = new LinkedHashMap<>();
        levels.levels().forEach((logger, level) -> named.put(LogLevels.julName(logger), level));
        return named;
    }

    private int run() throws InterruptedException {
        DomainDirectory directory = new DomainDirectory(arguments.domainDirectory());
        Member self;
        DomainConfig config;
        try {
            self = Member.of(arguments.member());
            config = DomainConfigJson.load(directory.configFile());
        } catch (DomainConfigException | IllegalArgumentException | IOException e) {
            System.err.println("error: domain isolate cannot start: " + e.getMessage());
            return BAD_CONFIGURATION;
        }
        String isolateName = self.isolateName(config.name());
        ProcessLogging.install(directory.logFile(isolateName), config.name() + "/" + isolateName);
        ProcessLogging.applyLevels(julLevels(config.logLevels()));
        System.Logger log = System.getLogger("dev.isola.domains");
        log.log(System.Logger.Level.INFO, "starting " + self.key() + " isolate " + Isolate.current().id() + " (pid "
                + ProcessHandle.current().pid() + ") of " + config.mode().key() + " domain " + config.name());

        List<Link> links = Isolate.current().startupLinks();
        ControlListener listener = new ControlListener(config, directory, self);
        if (!links.isEmpty()) {
            listener.serve(pair(links, self, StartupPair.CONTROL).orElseThrow(), "handed at start");
        }
        // A domain run as an ordinary JVM (no mvm run directory, as the throughput benchmark's
        // one-JVM-per-server baseline does) has no inbox, and no admin isolate to reach it.
        if (Isolate.current().runDirectory().isPresent()) {
            listenToInbox(listener, log);
        } else {
            log.log(System.Logger.Level.INFO, "running as a plain JVM, not an isolate: no link inbox, no admin isolate");
        }
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("domain-stop").unstarted(() -> {
            log.log(System.Logger.Level.INFO, "stopping");
            listener.stop();
            log.log(System.Logger.Level.INFO, "stopped");
        }));

        Optional<LinkPair> webClient = pair(links, self, StartupPair.WEB_CLIENT);
        StartupConnections connections = new StartupConnections(pair(links, self, StartupPair.TO_EJB), pair(links, self, StartupPair.TO_JMS),
                self == Member.EJB ? webClient.stream().toList() : List.of(),
                self == Member.JMS ? Stream.concat(pair(links, self, StartupPair.EJB_CLIENT).stream(), webClient.stream()).toList() : List.of());
        listener.start(connections);
        if (listener.phase() == MemberStatus.Phase.FAILED) {
            // Long enough for the admin to read why; an isolate that cannot serve does not linger.
            Thread.sleep(5_000);
            return FAILED_TO_START;
        }
        new CountDownLatch(1).await();
        return 0;
    }

    private static void listenToInbox(ControlListener listener, System.Logger log) {
        LinkInbox.current().listen(delivery -> {
            if (delivery.label().equals(CONTROL_LABEL) && delivery.links().size() == 2) {
                listener.serve(new LinkPair(delivery.links().get(0), delivery.links().get(1)), "from the link inbox");
            } else {
                log.log(System.Logger.Level.WARNING, "ignoring a '" + delivery.label() + "' delivery of " + delivery.links().size()
                        + " link(s) in the link inbox" + (delivery.unavailable().isEmpty() ? "" : "; unavailable: " + delivery.unavailable()));
            }
        });
    }

    /** The pair {@code kind} among the startup links, if the member has one and was started with links at all. */
    private static Optional<LinkPair> pair(List<Link> links, Member member, StartupPair kind) {
        int index = kind.indexIn(member);
        if (index < 0 || links.isEmpty()) {
            return Optional.empty();
        }
        if (index + 1 >= links.size()) {
            throw new IllegalArgumentException("the " + member.key() + " isolate needs startup link pairs " + StartupPair.layout(member)
                    + " but was started with " + links.size() + " links");
        }
        return Optional.of(new LinkPair(links.get(index), links.get(index + 1)));
    }

    public static void main(String[] args) throws InterruptedException {
        MemberArguments arguments;
        try {
            arguments = MemberArguments.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(BAD_ARGUMENTS);
            return;
        }
        System.exit(new DomainMain(arguments).run());
    }
}
