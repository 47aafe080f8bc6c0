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
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The warm-up of a spare domain isolate ({@link Isolate#startSpare}): what makes the next
 * combined domain's start take a fraction of a cold JVM's. It boots a throwaway combined domain
 * through the code every domain runs, as a domain's start goes (a marked copy of the Pet Store,
 * when given, see {@link WarmUpArchive}, recorded and redeployed, the pages of it that read no
 * database asked for once), twice, then
 * removes every trace of it from the JVM's process-wide state and returns; the isolate then waits
 * to be taken over for a real domain, with the classes of a domain's start and of the web tier's
 * request path loaded and initialised and the JIT's code for the start compiled.
 *
 * <pre>
 *   DomainSpare &lt;domains root&gt; [petstore.ear]
 *     1. a throwaway domain in &lt;domains root&gt;/.spares/&lt;isolate id&gt;/warm-up/, sharing the domains' caches
 *     2. booted twice in this JVM under an in-process control link, as {@link DomainTraining} does, {@link #PAGES} asked for once
 *     3. then: its directory deleted, Derby's engine shut down (the next domain's databases boot it again,
 *        logging into that domain's data directory), the system properties as they were before, the heap collected
 * </pre>
 *
 * <p>Why only pages that read no database: what a spare runs is recorded in the JIT's type
 * profiles, which the domain it becomes keeps for good (a call site's profile that has seen two
 * other classes stays polymorphic). Browsing the throwaway's whole Pet Store trained the shared
 * request path, above all Derby's row scans and the EJB calls, on the Pet Store's types, and the
 * C2 code compiled from those profiles inlined less for the application the domain then ran:
 * under the products load, domains started in spares that browsed it four rounds per boot served
 * 7 to 9 % less than cold ones in the same rounds, and 2 to 5 % less with only these pages
 * (docs/EVALUATION.md, Throughput). What can explain the rest: the warm-up's Derby work counts
 * calls into Derby's row-scan methods, so in the domain C2 compiles the hottest of them on its own
 * before its callers, which then call it rather than inline it
 * (docs/results/throughput/spare-warm-up/inlining/, where what was tried against it is listed). Pages that read no database load and initialise the web tier
 * (sessions, servlets, JSPs, tags, responses), whose classes a domain's first page needs too (with
 * no request at all, the fifth domain's first page came about 0.1 s later), and leave the database and
 * the beans to the domain's own requests.
 *
 * What is left is what any domain would have loaded anyway; a domain never sees the throwaway's
 * configuration, databases, applications or logs.
 */
public final class DomainSpare {

    /** Pages of the Pet Store that call no bean and read no database: see the class comment. */
    public static final List<String> PAGES = List.of("/petstore/signon", "/petstore/cart", "/petstore/static/css/petstore.css");
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
            // A marked copy, whose classes leave the AOT cache's copies of the application's classes to the domain (see WarmUpArchive).
            Path stored = directory.archives().resolve(ear.get().getFileName());
            WarmUpArchive.copy(ear.get(), stored);
            // Recorded as a deployment is, so that the boots redeploy it as every domain's start does.
            new ApplicationRegistry(directory).put(ApplicationRecord.ofStored("petstore", stored));
        }
        DomainConfig config = DomainConfig.defaults(THROWAWAY, DomainMode.COMBINED, 0);
        for (int boot = 0; boot < 2; boot++) {
            DomainTraining.boot(config, directory, control -> { }, port -> DomainTraining.visit(port, PAGES), control -> { });
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
