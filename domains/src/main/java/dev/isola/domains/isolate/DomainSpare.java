package dev.isola.domains.isolate;

import dev.isola.appserver.jdbc.EmbeddedDerbyShutdown;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.applications.ApplicationRecord;
import dev.isola.domains.applications.ApplicationRegistry;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainMode;
import dev.isola.domains.logging.ProcessLogging;
import dev.isola.mvm.io.DirectoryTrees;
import dev.isola.mvm.isolate.Isolate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * The warm-up of a spare domain isolate ({@link Isolate#startSpare}): what makes the next
 * combined domain's start take a fraction of a cold JVM's. It boots a throwaway combined domain
 * through the code every domain runs, as a domain's start goes (the Pet Store, when given,
 * recorded and redeployed, its pages browsed a few times), twice, then removes every trace of it
 * from the JVM's process-wide state and returns; the isolate then waits to be taken over for a
 * real domain, with the classes loaded and initialised and the JIT's code for the server's own
 * paths compiled.
 *
 * <pre>
 *   DomainSpare &lt;domains root&gt; [petstore.ear]
 *     1. a throwaway domain in &lt;domains root&gt;/.spares/&lt;isolate id&gt;/warm-up/, sharing the domains' caches
 *     2. booted twice in this JVM under an in-process control link, as {@link DomainTraining} does
 *     3. then: its directory deleted, Derby's engine shut down (the next domain's databases boot it again,
 *        logging into that domain's data directory), the system properties as they were before, the heap collected
 * </pre>
 *
 * What is left is what any domain would have loaded anyway; a domain never sees the throwaway's
 * configuration, databases, applications or logs.
 */
public final class DomainSpare {

    /** Pet Store rounds per boot: enough for the JIT's first tiers on the request path, little enough to be ready in seconds. */
    private static final int ROUNDS = 4;
    private static final String THROWAWAY = "warm-up";

    private DomainSpare() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1 || args.length > 2) {
            throw new IllegalArgumentException("usage: DomainSpare <domains root> [petstore.ear]");
        }
        DomainsRoot root = DomainsRoot.at(Path.of(args[0]));
        Optional<Path> ear = args.length > 1 ? Optional.of(Path.of(args[1])).filter(Files::isRegularFile) : Optional.empty();
        Path scratch = root.spares().resolve(Isolate.current().id());
        Properties before = (Properties) System.getProperties().clone();
        try {
            warmUp(root, scratch, ear);
        } finally {
            ProcessLogging.installConsole("spare " + Isolate.current().id());
            EmbeddedDerbyShutdown.engine();
            restore(before);
            DirectoryTrees.delete(scratch);
        }
        // What the throwaway domain left on the heap (its class loaders with their classes among it) goes now,
        // and the heap shrinks back, so that a waiting spare costs little more than its code and metadata.
        System.gc();
    }

    private static void warmUp(DomainsRoot root, Path scratch, Optional<Path> ear) throws Exception {
        Files.createDirectories(root.caches());
        Files.createDirectories(scratch);
        // The throwaway's own domains root, whose caches are the real ones: its JSPs and database templates are what
        // the next domain restores and copies too, and the spare exercises that path rather than building them.
        Files.createSymbolicLink(scratch.resolve(root.caches().getFileName()), root.caches());
        DomainDirectory directory = DomainsRoot.at(scratch).create(DomainConfig.defaults(THROWAWAY, DomainMode.COMBINED, 0));
        ProcessLogging.install(directory.logFile(THROWAWAY), "spare/" + Isolate.current().id());
        if (ear.isPresent()) {
            Path stored = Files.copy(ear.get(), directory.archives().resolve(ear.get().getFileName()));
            // Recorded as a deployment is, so that the boots redeploy it as every domain's start does.
            new ApplicationRegistry(directory).put(ApplicationRecord.ofStored("petstore", stored));
        }
        DomainConfig config = DomainConfig.defaults(THROWAWAY, DomainMode.COMBINED, 0);
        for (int boot = 0; boot < 2; boot++) {
            DomainTraining.boot(config, directory, control -> { }, ROUNDS, control -> { });
        }
    }

    /** Puts the system properties back as they were: the throwaway domain's (Derby's log file among them) must not reach the next. */
    private static void restore(Properties before) {
        for (String key : System.getProperties().stringPropertyNames()) {
            if (!before.containsKey(key)) {
                System.clearProperty(key);
            }
        }
        for (String key : before.stringPropertyNames()) {
            if (!before.getProperty(key).equals(System.getProperty(key))) {
                System.setProperty(key, before.getProperty(key));
            }
        }
    }
}
