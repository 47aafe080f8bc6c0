package dev.isola.admin.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.admin.AdminFiles;
import dev.isola.admin.AdminSettings;
import dev.isola.admin.AdminSettingsOptions;
import dev.isola.admin.AdminState;
import dev.isola.admin.auth.AdminPassword;
import dev.isola.admin.auth.AdminPasswordException;
import dev.isola.admin.auth.PasswordCheck;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.logging.ProcessLogging;
import dev.isola.mvm.isolate.CheckpointException;
import dev.isola.mvm.isolate.FrozenSpare;
import dev.isola.mvm.isolate.IsolateRecord;
import dev.isola.mvm.isolate.MvmHome;
import dev.isola.mvm.probe.FootprintProbe;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code bin/appserver}: starts, stops and shows the application server of a domains root,
 * and {@code demo} sets everything up for a first look.
 */
@Command(name = "appserver", mixinStandardHelpOptions = true, version = "isola 0.1.0",
        description = "Runs the Isola application server: an admin isolate that supervises application domains.",
        subcommands = {AppServerMain.Start.class, AppServerMain.Stop.class, AppServerMain.Status.class, AppServerMain.Demo.class,
                AppServerMain.Settings.class,
                CommandLine.HelpCommand.class})
public final class AppServerMain {

    private static final java.util.logging.Logger QUIET = java.util.logging.Logger.getLogger("dev.isola.mvm.image.ImageCaches");

    /** Exit status for a failure that is not the user's input (the admin isolate did not start, ...). */
    static final int FAILED = 1;

    /** What {@code start} and {@code demo} say of {@code --spare-isolates} (see docs/domains.md). */
    static final String SPARE_ISOLATES_HELP = "warmed-up JVMs the admin keeps ready, so that a combined domain with the default JVM settings"
            + " starts in one in about half a second instead of two (default ${DEFAULT-VALUE}; each costs about what a running domain does, ~100 MB)";

    /** The spare isolates' options of {@code start} and {@code demo}. */
    static final class Spares {
        @Option(names = "--spare-isolates", defaultValue = "0", description = SPARE_ISOLATES_HELP)
        int count;

        @Option(names = "--freeze-spares", arity = "0..1", fallbackValue = "true", description = "keep the spare isolates frozen to disk with CRIU (4 or later, as root; bin/install-criu)"
                + " instead of waiting in memory: they cost no memory, and a domain starts in one about a quarter of a second later")
        boolean freeze;

        // No per cent sign in the text: picocli formats descriptions with String.format.
        @Option(names = "--reset-spare-jit-state", arity = "0..1", fallbackValue = "true", description = "make a domain started in a spare drop what the spare's warm-up taught"
                + " the JIT compiler once it is busy (has used 10 s of CPU within a minute), so that its hot paths are compiled from"
                + " its own profiles, for some 20 MB more memory; a quiet domain keeps the warm-up's code. Measured, domains from"
                + " frozen spares serve about what plain JVMs do with the reset or without it (docs/EVALUATION.md)")
        boolean resetJitState;

        /** Refuses what cannot work before the admin isolate is started with it. */
        void check() {
            if (freeze && count == 0) {
                throw new IllegalArgumentException("--freeze-spares needs --spare-isolates 1 or more");
            }
            if (resetJitState && count == 0) {
                throw new IllegalArgumentException("--reset-spare-jit-state needs --spare-isolates 1 or more");
            }
            if (freeze) {
                try {
                    FrozenSpare.requireSupport();
                } catch (CheckpointException e) {
                    throw new IllegalArgumentException("--freeze-spares: " + e.getMessage());
                }
            }
        }
    }

    /** Options every command takes. */
    static final class Where {
        @Option(names = "--domains-dir", description = "the domains root (default: var/domains of the installation)")
        Path domainsDir;

        @Option(names = "--port", defaultValue = "4848", description = "the admin port (default ${DEFAULT-VALUE})")
        int port;

        @Option(names = "--host", defaultValue = "127.0.0.1", description = "the admin port's listen address (default ${DEFAULT-VALUE}: loopback only)")
        String host;

        @Option(names = "--password-file", description = "a file whose first line is the admin password (default: ISOLA_ADMIN_PASSWORD,"
                + " or the one generated at the first start)")
        Path passwordFile;

        @Option(names = "--no-aot-cache", description = "start without recording or using the image's AOT cache")
        boolean noAotCache;

        AdminLauncher launcher(PrintStream out) {
            return launcher(out, new Spares(), AdminSettings.DEFAULTS);
        }

        /**
         * @param spares   what {@code start} and {@code demo} take as {@code --spare-isolates} and the like; the other commands do not start an admin
         * @param settings what they take as {@code --restart-limit} and the like
         */
        AdminLauncher launcher(PrintStream out, Spares spares, AdminSettings settings) {
            Installation installation = Installation.fromSystemProperties();
            Path root = domainsDir != null ? domainsDir.toAbsolutePath() : installation.defaultDomains();
            return new AdminLauncher(new AdminLauncher.Settings(root, host, port, installation.image(), installation.petstore(), !noAotCache,
                    Optional.ofNullable(passwordFile), MvmHome.resolve(), settings, spares.count, spares.freeze, spares.resetJitState), out);
        }

        Path root() {
            return domainsRoot(domainsDir);
        }
    }

    /** The domains root {@code --domains-dir} names, else the installation's. */
    static Path domainsRoot(Path domainsDir) {
        return domainsDir != null ? domainsDir.toAbsolutePath() : Installation.fromSystemProperties().defaultDomains();
    }

    /**
     * What {@code start} and {@code demo} share: their options, and the options an earlier start was
     * given and kept ({@link SavedStartOptions}), which {@link #commandLineFor} makes the defaults.
     */
    abstract static class Starting {
        @Mixin
        Where where;

        @Mixin
        Spares spares;

        @Mixin
        AdminSettingsOptions limits;

        @Spec
        CommandSpec spec;

        /** Checks every option (given or kept) before an admin isolate is started with them. */
        AdminLauncher launcher() {
            saved().requireReadable();
            try {
                spares.check();
                return where.launcher(System.out, spares, limits.settings());
            } catch (IllegalArgumentException e) {
                throw saved().blamedFor(e, spec.commandLine().getParseResult());
            }
        }

        /** Once the admin isolate runs: says which kept options it took, and keeps those given to this start. */
        void keepGiven(AdminLauncher.Started started) {
            SavedStartOptions saved = saved();
            ParseResult given = spec.commandLine().getParseResult();
            List<String> taken = saved.used(given);
            if (!started.alreadyRunning() && !taken.isEmpty()) {
                System.out.println("  kept:      " + String.join(", ", taken) + "   (from an earlier start: bin/appserver settings)");
            }
            saved.with(given).ifPresent(updated -> {
                updated.write();
                if (started.alreadyRunning()) {
                    System.out.println("  The running admin isolate keeps the options it was started with; those given are kept in "
                            + updated.file() + " for its next start (bin/appserver stop, then bin/appserver start).");
                }
            });
        }

        private SavedStartOptions saved() {
            return spec.defaultValueProvider() instanceof SavedStartOptions saved ? saved
                    : SavedStartOptions.none(AdminFiles.of(DomainsRoot.at(where.root())).settings());
        }
    }

    @Command(name = "start", description = "Starts the admin isolate (detached) and the domains that should run. The options given are kept"
            + " for the next starts that do not give them (bin/appserver settings).")
    static final class Start extends Starting implements Callable<Integer> {
        @Override
        public Integer call() throws IOException {
            AdminLauncher launcher = launcher();
            AdminLauncher.Started started = launcher.start();
            printStarted(started, launcher.files(), where.root(), Optional.ofNullable(where.passwordFile));
            keepGiven(started);
            if (DomainsRoot.at(where.root()).names().isEmpty()) {
                System.out.println("Next: bin/deploy-tool create-domain shop --mode combined --start, then bin/deploy-tool deploy shop.ear --domain shop"
                        + " (or bin/appserver demo)");
            }
            return 0;
        }
    }

    static void printStarted(AdminLauncher.Started started, AdminFiles files, Path root, Optional<Path> passwordFile) {
        AdminState state = started.state();
        System.out.println((started.alreadyRunning() ? "The admin isolate is already running" : "Admin isolate started")
                + " (pid " + state.pid() + "): " + state.url());
        System.out.println("  log:       " + files.log());
        System.out.println("  domains:   " + root);
        started.generatedPassword().ifPresent(password -> {
            System.out.println("  user:      " + PasswordCheck.USER);
            System.out.println("  password:  " + new String(password) + "   (generated; shown once. The server keeps only its hash;");
            System.out.println("             a copy for local tools is in " + files.generatedPassword() + ", readable by you only)");
        });
        if (started.generatedPassword().isEmpty()) {
            System.out.println("  login:     " + passwordSource(files, passwordFile));
        }
    }

    /** Where the admin password the user logs in with is, in the admin isolate's order ({@link AdminPassword#given}). */
    static String passwordSource(AdminFiles files, Optional<Path> passwordFile) {
        Optional<AdminPassword.Given> given = AdminPassword.given(System.getenv(), passwordFile);
        if (given.isPresent()) {
            return "user " + PasswordCheck.USER + given.get().file().map(file -> ", password in " + file)
                    .orElse(", password from " + AdminPassword.ENVIRONMENT);
        }
        if (Files.exists(files.generatedPassword())) {
            return "user " + PasswordCheck.USER + ", password in " + files.generatedPassword();
        }
        return "user " + PasswordCheck.USER + ", the password you set";
    }

    @Command(name = "stop", description = "Stops the admin isolate and the domains' isolates (orderly, then halted after the timeout).")
    static final class Stop implements Callable<Integer> {
        @Mixin
        Where where;

        @Option(names = "--timeout", defaultValue = "30", description = "seconds each isolate has to stop before it is halted (default ${DEFAULT-VALUE})")
        int timeoutSeconds;

        @Override
        public Integer call() {
            List<String> stopped = where.launcher(System.out).stop(Duration.ofSeconds(timeoutSeconds));
            if (stopped.isEmpty()) {
                System.out.println("Nothing runs for " + where.root() + ".");
            } else {
                stopped.forEach(line -> System.out.println("stopped " + line));
                System.out.println("The domains that were running start again with bin/appserver start.");
            }
            return 0;
        }
    }

    @Command(name = "status", description = "Shows the admin isolate, the domains and their isolates.")
    static final class Status implements Callable<Integer> {
        @Mixin
        Where where;

        @Override
        public Integer call() {
            AdminLauncher launcher = where.launcher(System.out);
            Optional<IsolateRecord> admin = launcher.running();
            Optional<String> currentBuild = launcher.currentBuild();
            if (admin.isPresent()) {
                String url = AdminState.read(launcher.files()).map(AdminState::url).orElse("(opening its port)");
                System.out.printf("admin isolate: running, pid %d, up %s, %s%n", admin.get().pid(), uptime(admin.get().processStart()), url);
                admin.get().earlierBuildThan(currentBuild).ifPresent(build -> System.out.println("  it runs " + build
                        + ": bin/appserver stop, then bin/appserver start, to run this one"));
            } else {
                System.out.println("admin isolate: not running (bin/appserver start)");
            }
            System.out.println("log: " + launcher.files().log());
            DomainsRoot root = DomainsRoot.at(where.root());
            List<IsolateRecord> isolates = launcher.domainIsolates();
            if (root.names().isEmpty()) {
                System.out.println("no domains in " + root.path() + " (bin/deploy-tool create-domain NAME)");
                return 0;
            }
            System.out.printf("%n%-16s %-10s %-8s %-20s %8s %8s %9s%n", "DOMAIN", "MODE", "RUN", "ISOLATE", "PID", "UP", "PSS");
            for (String name : root.names()) {
                DomainDirectory directory = root.directory(name);
                String mode;
                try {
                    mode = root.load(name).mode().key();
                } catch (RuntimeException e) {
                    mode = "broken";
                }
                List<IsolateRecord> mine = isolates.stream().filter(r -> AdminLauncher.argumentValue(r.arguments(), "--domain-dir")
                        .filter(d -> d.equals(directory.path().toString())).isPresent()).toList();
                String run = directory.keepRunning() ? "yes" : "no";
                if (mine.isEmpty()) {
                    System.out.printf("%-16s %-10s %-8s %-20s %8s %8s %9s%n", name, mode, run, "-", "", "", "");
                }
                for (IsolateRecord r : mine) {
                    System.out.printf("%-16s %-10s %-8s %-20s %8d %8s %9s%n", name, mode, run, r.name(), r.pid(), uptime(r.processStart()), pss(r.pid()));
                    r.earlierBuildThan(currentBuild).ifPresent(build -> System.out.printf("%-16s it runs %s, until bin/deploy-tool restart-domain %s%n",
                            "", build, name));
                }
            }
            return 0;
        }
    }

    @Command(name = "demo", description = "Everything for a first look: starts the admin isolate if needed, creates a combined domain"
            + " if there is none, deploys the Pet Store when it is built, and prints where to look.")
    static final class Demo extends Starting implements Callable<Integer> {
        @Override
        public Integer call() throws Exception {
            AdminLauncher launcher = launcher();
            AdminLauncher.Started started = launcher.start();
            printStarted(started, launcher.files(), where.root(), Optional.ofNullable(where.passwordFile));
            keepGiven(started);
            char[] password = demoPassword(System.getenv(), Optional.ofNullable(where.passwordFile), launcher.files());
            AdminClient api = new AdminClient(started.state().url(), PasswordCheck.USER, password);
            JsonNode domain = demoDomain(api);
            String name = domain.path("name").asText();
            Optional<Path> petstore = Installation.fromSystemProperties().petstore();
            boolean deployed = false;
            for (JsonNode application : domain.path("applications")) {
                deployed |= application.path("name").asText().equals("petstore");
            }
            if (petstore.isPresent() && !deployed) {
                System.out.println("Deploying the Pet Store to domain " + name + " ...");
                api.upload("/api/domains/" + name + "/applications?name=petstore&filename=petstore.ear", petstore.get());
                deployed = true;
            }
            String url = domain.path("url").asText();
            System.out.println();
            System.out.println("Console:      " + started.state().url() + "console/");
            System.out.println("Admin API:    " + started.state().url() + "api   (OpenAPI: " + started.state().url() + "api/openapi.yaml)");
            System.out.println("Credentials:  " + passwordSource(launcher.files(), Optional.ofNullable(where.passwordFile)));
            if (deployed) {
                System.out.println("Application:  " + url + "petstore/   (sign on as demo / pets4ever)");
            } else {
                System.out.println("Domain " + name + " runs at " + url + "; the Pet Store is not built"
                        + " (bin/mvn -pl petstore-demo/petstore-ear -am package), deploy yours with bin/deploy-tool deploy APP.ear --domain " + name);
            }
            System.out.println("Try:          bin/appserver status   bin/deploy-tool list-domains   bin/mvm ps   bin/appserver stop");
            return 0;
        }

        /**
         * The password the demo calls the API with, from where the admin takes it ({@link AdminPassword}, same order):
         * the environment, the {@code --password-file} given, else the copy of a generated one.
         */
        static char[] demoPassword(Map<String, String> environment, Optional<Path> passwordFile, AdminFiles files) {
            Optional<AdminPassword.Given> given = AdminPassword.given(environment, passwordFile);
            if (given.isPresent()) {
                return given.get().password();
            }
            if (Files.exists(files.generatedPassword())) {
                return AdminPassword.readPasswordFile(files.generatedPassword());
            }
            throw new AdminPasswordException("the demo needs the admin password to use the API: set " + AdminPassword.ENVIRONMENT
                    + " or pass --password-file (the generated copy " + files.generatedPassword() + " is gone)");
        }

        /** The domain called "demo", else the first combined domain, else a new "demo"; started if it is not running. */
        private static JsonNode demoDomain(AdminClient api) throws IOException, InterruptedException {
            JsonNode chosen = null;
            for (JsonNode domain : api.get("/api/domains")) {
                if (domain.path("name").asText().equals("demo") || (chosen == null && domain.path("mode").asText().equals("combined"))) {
                    chosen = domain;
                }
            }
            if (chosen == null) {
                System.out.println("Creating the combined domain demo ...");
                return api.postJson("/api/domains", "{\"name\": \"demo\", \"mode\": \"combined\", \"start\": true}");
            }
            String name = chosen.path("name").asText();
            String state = chosen.path("state").asText();
            if (state.equals("STOPPED") || state.equals("FAILED")) {
                System.out.println("Starting domain " + name + " ...");
                return api.postJson("/api/domains/" + name + "/start", "");
            }
            long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
            while (!state.equals("RUNNING") && System.nanoTime() < deadline) {
                Thread.sleep(500);
                chosen = api.get("/api/domains/" + name);
                state = chosen.path("state").asText();
            }
            return chosen;
        }
    }

    @Command(name = "settings", description = "Shows the options earlier starts were given and kept for the next starts"
            + " (each start takes them when it is not given them again); --reset forgets them.")
    static final class Settings implements Callable<Integer> {
        @Option(names = "--domains-dir", description = "the domains root (default: var/domains of the installation)")
        Path domainsDir;

        @Option(names = "--reset", description = "forget every kept option: the next start takes the defaults of those it is not given")
        boolean reset;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            Path root = domainsRoot(domainsDir);
            Path file = AdminFiles.of(DomainsRoot.at(root)).settings();
            if (reset) {
                // Not read first: a file a start refuses must still be possible to forget.
                boolean forgot = SavedStartOptions.none(file).delete();
                System.out.println(forgot ? "Forgot the options kept in " + file + "; the next start takes the defaults of those it is not given."
                        : "Nothing is kept for " + root + ".");
                return 0;
            }
            CommandSpec start = spec.root().subcommands().get("start").getCommandSpec();
            SavedStartOptions saved = SavedStartOptions.read(file, start);
            Map<String, String> values = saved.values();
            System.out.println(saved.isEmpty() ? "No options are kept for " + root + ": every start takes the defaults of those it is not given."
                    : "Kept in " + file + ", taken by bin/appserver start and demo when not given:");
            List<OptionSpec> kept = SavedStartOptions.keptOptions(start);
            kept.stream().filter(o -> values.containsKey(o.longestName()))
                    .forEach(o -> System.out.printf("  %-28s %s%n", o.longestName(), values.get(o.longestName())));
            if (!saved.isEmpty()) {
                System.out.println("Defaults for the others:");
            }
            kept.stream().filter(o -> !values.containsKey(o.longestName()))
                    .forEach(o -> System.out.printf("  %-28s %s%n", o.longestName(), o.defaultValue() == null ? "false" : o.defaultValue()));
            return 0;
        }
    }

    private static String uptime(Instant start) {
        Duration d = Duration.between(start, Instant.now());
        return d.toHours() > 0 ? d.toHours() + "h" + d.toMinutesPart() + "m" : d.toMinutes() > 0 ? d.toMinutes() + "m" + d.toSecondsPart() + "s"
                : d.toSeconds() + "s";
    }

    private static String pss(long pid) {
        try {
            return (FootprintProbe.summary(pid).total().pss() >> 20) + " MB";
        } catch (IOException e) {
            return "-";
        }
    }

    public static void main(String[] args) {
        ProcessLogging.installConsole("appserver");
        // The launcher says itself when the image has no AOT cache yet and records one.
        QUIET.setLevel(java.util.logging.Level.SEVERE);
        System.exit(commandLineFor(args).execute(args));
    }

    /**
     * The command line to execute {@code args} with: {@code start} and {@code demo} default each
     * option an earlier start kept to what it kept, in the domains root {@code args} name. A file
     * that cannot be read is reported when the command runs, as one error line.
     */
    static CommandLine commandLineFor(String... args) {
        CommandLine cli = commandLine();
        ParseResult probe;
        try {
            probe = commandLine().parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            return cli; // executing reports it
        }
        ParseResult command = probe.subcommand();
        if (command != null && command.commandSpec().userObject() instanceof Starting starting) {
            Path file;
            try {
                file = AdminFiles.of(DomainsRoot.at(starting.where.root())).settings();
            } catch (IllegalStateException e) {
                return cli; // no installation to find the domains root in: executing reports it
            }
            SavedStartOptions saved;
            try {
                saved = SavedStartOptions.read(file, command.commandSpec());
            } catch (IllegalArgumentException e) {
                saved = SavedStartOptions.unreadable(file, e);
            }
            cli.getSubcommands().get(command.commandSpec().name()).setDefaultValueProvider(saved);
        }
        return cli;
    }

    /** The command line, with what a user gets wrong or the admin isolate's start says reported as one error line. */
    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new AppServerMain());
        cli.setExecutionExceptionHandler((e, commandLine, parsed) -> {
            if (e instanceof IllegalStateException || e instanceof AdminPasswordException || e instanceof IOException
                    || e instanceof IllegalArgumentException) {
                commandLine.getErr().println("error: " + e.getMessage());
                return FAILED;
            }
            throw e;
        });
        return cli;
    }

    /** Not instantiated: picocli reads the annotations of the class. */
    private AppServerMain() {
    }
}
