package dev.isola.deploytool;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code deploy-tool}: the command-line client of the admin isolate's REST API. Deploys and
 * undeploys applications, and creates, starts, stops and deletes domains. Exit statuses are
 * in {@link ExitCodes}; where the credentials come from is in {@link Credentials}.
 */
@Command(name = "deploy-tool", mixinStandardHelpOptions = true, version = "deploy-tool 0.1.0",
        description = "Deploys applications to an Isola application server and manages its domains, over the admin REST API.",
        footer = {"", "Exit status: 0 done, 1 answered no at a question (nothing done) or a local error, 2 usage, 3 authentication refused,",
                "4 request rejected by the server, 5 server error, 6 server unreachable.",
                "Credentials: --password-file, else ISOLA_ADMIN_PASSWORD, else the password the server generated",
                "(<domains dir>/.admin/admin-password)."},
        subcommands = {DeployTool.Deploy.class, DeployTool.Redeploy.class, DeployTool.Undeploy.class, DeployTool.ListApplications.class,
                DeployTool.CreateDomain.class, ConfigureDomain.class, ShowDomainConfiguration.class, DeployTool.DeleteDomain.class, DeployTool.StartDomain.class, DeployTool.StopDomain.class,
                DeployTool.RestartDomain.class, DeployTool.ListDomains.class, DeployTool.Status.class, DeployTool.Events.class,
                JmsCommands.ListDestinations.class, JmsCommands.ListSubscriptions.class, JmsCommands.BrowseDestination.class,
                JmsCommands.PurgeDestination.class, ShowLogs.class, ThreadDump.class, ChangeAdminPassword.class, BackupDomain.class, RestoreDomain.class,
                LogLevelCommands.ListLevels.class, LogLevelCommands.SetLevels.class, DataSourceCommands.ListDataSources.class,
                DataSourceCommands.PingDataSource.class,
                UserCommands.ListUsers.class, UserCommands.CreateUser.class, UserCommands.UpdateUser.class, UserCommands.DeleteUser.class,
                AdminSettingsCommands.ListSettings.class, AdminSettingsCommands.SetSettings.class,
                CommandLine.HelpCommand.class})
public final class DeployTool {

    static final String DEFAULT_DOMAINS_PROPERTY = "deploytool.domainsDir";

    @Option(names = "--url", scope = ScopeType.INHERIT, description = "the admin isolate (default: ISOLA_ADMIN_URL, else the URL the running admin isolate of the domains root"
            + " wrote, else http://127.0.0.1:4848)")
    String url;

    @Option(names = "--user", scope = ScopeType.INHERIT, description = "the admin user (default: ISOLA_ADMIN_USER or admin)")
    String user;

    @Option(names = "--password-file", scope = ScopeType.INHERIT, description = "a file whose first line is the admin password")
    Path passwordFile;

    @Option(names = "--domains-dir", scope = ScopeType.INHERIT,
            description = "the server's domains root, to find the password it generated (default: ISOLA_DOMAINS_DIR or var/domains)")
    Path domainsDir;

    @Option(names = "--json", scope = ScopeType.INHERIT, description = "print the server's JSON answer, for scripts")
    boolean json;

    @Option(names = "--timeout", scope = ScopeType.INHERIT, defaultValue = "600",
            description = "seconds to wait for an answer (default ${DEFAULT-VALUE}; starting a domain or deploying can take a while)")
    int timeoutSeconds;

    /** Where human-readable output goes; JSON goes to standard output too, errors to standard error. */
    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> environment;
    private final Optional<Terminal> terminal;

    DeployTool(PrintStream out, PrintStream err, Map<String, String> environment, Optional<Terminal> terminal) {
        this.out = out;
        this.err = err;
        this.environment = environment;
        this.terminal = terminal;
    }

    AdminConnection connect() {
        Path defaultDomains = Path.of(System.getProperty(DEFAULT_DOMAINS_PROPERTY, "var/domains"));
        Credentials credentials = Credentials.resolve(Optional.ofNullable(user), Optional.ofNullable(passwordFile), Optional.ofNullable(domainsDir),
                defaultDomains, environment);
        String base = AdminUrl.resolve(Optional.ofNullable(url), environment,
                Credentials.domainsRoot(Optional.ofNullable(domainsDir), defaultDomains, environment));
        URI uri;
        try {
            uri = URI.create(base.endsWith("/") ? base : base + "/");
            if (uri.getScheme() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https")) || uri.getHost() == null) {
                throw new IllegalArgumentException("not an http(s) URL");
            }
        } catch (IllegalArgumentException e) {
            throw new ToolException(ExitCodes.USAGE, "--url " + base + " is not a URL like http://127.0.0.1:4848 (" + e.getMessage() + ")");
        }
        return new AdminConnection(uri, credentials, Duration.ofSeconds(timeoutSeconds));
    }

    /** Prints {@code answer} as JSON with {@code --json}, else runs {@code human}. */
    void print(JsonNode answer, Runnable human) {
        if (json) {
            try {
                out.println(AdminConnection.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(answer));
            } catch (JsonProcessingException e) {
                throw new ToolException(ExitCodes.INTERNAL, "cannot print the answer: " + e.getMessage());
            }
        } else {
            human.run();
        }
    }

    PrintStream out() {
        return out;
    }

    /** The person at the terminal, who can answer a question; empty in scripts. */
    Optional<Terminal> terminal() {
        return terminal;
    }

    PrintStream err() {
        return err;
    }

    static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static Path existingArchive(Path archive) {
        if (!Files.isRegularFile(archive)) {
            throw new ToolException(ExitCodes.USAGE, "archive " + archive + " does not exist or is not a file");
        }
        return archive;
    }

    private static String defaultName(Path archive) {
        String file = archive.getFileName().toString();
        int dot = file.lastIndexOf('.');
        return dot > 0 ? file.substring(0, dot) : file;
    }

    JsonNode upload(AdminConnection admin, String method, String path, Path archive) {
        try {
            return admin.upload(method, path, ProgressBodyPublisher.of(archive, terminal.isPresent() && !json, err));
        } catch (IOException e) {
            throw new ToolException(ExitCodes.USAGE, "cannot read " + archive + ": " + e.getMessage());
        }
    }

    /** Where a running domain answers: its HTTP URL, and its HTTPS one when it has one. */
    static String urls(JsonNode domain) {
        String https = domain.path("httpsUrl").asText("");
        return domain.path("url").asText() + (https.isEmpty() ? "" : " and " + https);
    }

    private static String applicationLine(JsonNode app) {
        StringBuilder line = new StringBuilder(String.format("%-20s %-9s %s", app.path("name").asText(), app.path("state").asText(),
                app.path("archive").asText()));
        for (JsonNode url : app.path("urls")) {
            line.append("  ").append(url.asText());
        }
        JsonNode requests = app.path("requests");
        if (requests.isObject()) {
            line.append(String.format(Locale.ROOT, "\n    requests: %,d, server errors: %,d, client errors: %,d, mean %.0f ms, active: %d",
                    requests.path("total").asLong(), requests.path("serverErrors").asLong(), requests.path("clientErrors").asLong(),
                    requests.path("meanMillis").asDouble(), requests.path("active").asLong()));
        }
        for (JsonNode problem : app.path("problems")) {
            line.append("\n    problem: ").append(problem.asText());
        }
        return line.toString();
    }

    @Command(name = "deploy", description = "Uploads an EAR, WAR or EJB-JAR and deploys it to a domain.")
    static final class Deploy implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Parameters(index = "0", paramLabel = "ARCHIVE", description = "the .ear, .war or .jar")
        Path archive;

        @Option(names = "--domain", required = true, description = "the domain to deploy to")
        String domain;

        @Option(names = "--name", description = "the application's name (default: the file name without extension)")
        String name;

        @Override
        public Integer call() {
            Path file = existingArchive(archive);
            String application = name != null ? name : defaultName(file);
            JsonNode answer = tool.upload(tool.connect(), "POST", "api/domains/" + encode(domain) + "/applications?name=" + encode(application)
                    + "&filename=" + encode(file.getFileName().toString()), file);
            tool.print(answer, () -> {
                tool.out().println("Deployed " + application + " to domain " + domain + ".");
                for (JsonNode url : answer.path("urls")) {
                    tool.out().println("  " + url.asText());
                }
            });
            return ExitCodes.OK;
        }
    }

    @Command(name = "redeploy", description = "Replaces a deployed application with a new archive, or (without one) redeploys the stored archive."
            + " If the new version fails, the previous one is deployed again.")
    static final class Redeploy implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Parameters(index = "0", arity = "0..1", paramLabel = "ARCHIVE", description = "the new .ear, .war or .jar")
        Path archive;

        @Option(names = "--domain", required = true)
        String domain;

        @Option(names = "--name", description = "the application (default: the archive's file name without extension)")
        String name;

        @Override
        public Integer call() {
            if (archive == null && name == null) {
                throw new ToolException(ExitCodes.USAGE, "redeploy needs an archive, or --name to redeploy the stored one");
            }
            String application = name != null ? name : defaultName(archive);
            String path = "api/domains/" + encode(domain) + "/applications/" + encode(application);
            JsonNode answer = archive == null ? tool.connect().post(path + "/redeploy")
                    : tool.upload(tool.connect(), "PUT", path + "?filename=" + encode(archive.getFileName().toString()), existingArchive(archive));
            tool.print(answer, () -> tool.out().println("Redeployed " + application + " in domain " + domain + "."));
            return ExitCodes.OK;
        }
    }

    @Command(name = "undeploy", description = "Undeploys an application from a domain.")
    static final class Undeploy implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Parameters(index = "0", paramLabel = "NAME")
        String name;

        @Option(names = "--domain", required = true)
        String domain;

        @Override
        public Integer call() {
            JsonNode answer = tool.connect().delete("api/domains/" + encode(domain) + "/applications/" + encode(name));
            tool.print(answer, () -> tool.out().println("Undeployed " + name + " from domain " + domain + "."));
            return ExitCodes.OK;
        }
    }

    @Command(name = "list-applications", description = "Lists a domain's applications.")
    static final class ListApplications implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Option(names = "--domain", required = true)
        String domain;

        @Override
        public Integer call() {
            JsonNode answer = tool.connect().get("api/domains/" + encode(domain) + "/applications");
            tool.print(answer, () -> {
                if (answer.isEmpty()) {
                    tool.out().println("No applications in domain " + domain + ". Deploy one: deploy-tool deploy APP.ear --domain " + domain);
                }
                answer.forEach(app -> tool.out().println(applicationLine(app)));
            });
            return ExitCodes.OK;
        }
    }

    @Command(name = "create-domain", description = "Creates a domain (stopped, unless --start).")
    static final class CreateDomain implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Parameters(index = "0", paramLabel = "NAME", description = "lower-case letters, digits and '-', e.g. shop")
        String name;

        @Option(names = "--mode", defaultValue = "combined", description = "combined (one isolate) or separated (web, EJB, JMS isolates); default ${DEFAULT-VALUE}")
        String mode;

        @Option(names = "--port", description = "HTTP port (default: the first free one from 8080)")
        Integer port;

        @Option(names = "--heap", description = "heap of each isolate, e.g. 256m")
        String heap;

        @Option(names = "--young", description = "young generation of each isolate, e.g. 32m")
        String young;

        @Option(names = "--collector", description = "serial, parallel, g1, z, shenandoah or default")
        String collector;

        @Option(names = "--start", description = "start it right away")
        boolean start;

        @Override
        public Integer call() {
            ObjectNode body = AdminConnection.JSON.createObjectNode().put("name", name).put("mode", mode).put("start", start);
            if (port != null) {
                body.put("httpPort", port);
            }
            if (heap != null || young != null || collector != null) {
                ObjectNode isolate = body.putObject("isolate");
                Optional.ofNullable(heap).ifPresent(h -> isolate.put("heap", h));
                Optional.ofNullable(young).ifPresent(y -> isolate.put("youngGeneration", y));
                Optional.ofNullable(collector).ifPresent(c -> isolate.put("collector", c));
            }
            JsonNode answer = tool.connect().post("api/domains", body);
            tool.print(answer, () -> {
                tool.out().println("Created " + answer.path("mode").asText() + " domain " + name + " on port " + answer.path("httpPort").asInt()
                        + " (" + answer.path("state").asText().toLowerCase() + ").");
                tool.out().println(start ? "  " + answer.path("url").asText() + "  Next: deploy-tool deploy APP.ear --domain " + name
                        : "Next: deploy-tool start-domain " + name);
            });
            return ExitCodes.OK;
        }
    }

    @Command(name = "delete-domain", description = "Deletes a domain with its applications, data and logs.")
    static final class DeleteDomain implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Parameters(index = "0", paramLabel = "NAME")
        String name;

        @Option(names = "--force", description = "also when applications run in it (it is stopped first)")
        boolean force;

        @Override
        public Integer call() {
            JsonNode answer = tool.connect().delete("api/domains/" + encode(name) + (force ? "?force=true" : ""));
            tool.print(answer, () -> tool.out().println("Deleted domain " + name + "."));
            return ExitCodes.OK;
        }
    }

    /** What start-domain, stop-domain and restart-domain share: a POST to the domain's action, then one line. */
    abstract static class DomainAction implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Parameters(index = "0", paramLabel = "NAME")
        String name;

        /** The last segment of the action's path: start, stop, restart. */
        abstract String action();

        /** The line printed once it is done. */
        abstract String done(JsonNode domain);

        @Override
        public Integer call() {
            JsonNode answer = tool.connect().post("api/domains/" + encode(name) + "/" + action());
            tool.print(answer, () -> tool.out().println(done(answer)));
            return ExitCodes.OK;
        }
    }

    @Command(name = "start-domain", description = "Starts a domain and waits until its applications are deployed.")
    static final class StartDomain extends DomainAction {
        String action() { return "start"; }

        String done(JsonNode domain) { return "Domain " + name + " is running: " + urls(domain); }
    }

    @Command(name = "stop-domain", description = "Stops a domain (orderly; its isolates are halted after 30 s).")
    static final class StopDomain extends DomainAction {
        String action() { return "stop"; }

        String done(JsonNode domain) { return "Domain " + name + " is stopped. Start it again with deploy-tool start-domain " + name; }
    }

    @Command(name = "restart-domain", description = "Stops and starts a domain.")
    static final class RestartDomain extends DomainAction {
        String action() { return "restart"; }

        String done(JsonNode domain) { return "Domain " + name + " is running again: " + urls(domain); }
    }

    @Command(name = "list-domains", description = "Lists the domains.")
    static final class ListDomains implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Override
        public Integer call() {
            JsonNode answer = tool.connect().get("api/domains");
            tool.print(answer, () -> {
                if (answer.isEmpty()) {
                    tool.out().println("No domains. Create one: deploy-tool create-domain shop --mode combined --start");
                    return;
                }
                tool.out().printf("%-16s %-10s %-11s %6s %5s %s%n", "NAME", "MODE", "STATE", "PORT", "APPS", "URL");
                for (JsonNode d : answer) {
                    tool.out().printf("%-16s %-10s %-11s %6d %5d %s%n", d.path("name").asText(), d.path("mode").asText(), d.path("state").asText(),
                            d.path("httpPort").asInt(), d.path("applications").size(), d.path("url").asText());
                    if (!d.path("problem").asText().isEmpty()) {
                        tool.out().println("    problem: " + d.path("problem").asText());
                    }
                    if (d.path("configurationPending").asBoolean()) {
                        tool.out().println("    a changed configuration waits for its next start: deploy-tool restart-domain " + d.path("name").asText());
                    }
                }
            });
            return ExitCodes.OK;
        }
    }

    @Command(name = "status", description = "Shows the admin isolate, and each domain with its isolates.")
    static final class Status implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Override
        public Integer call() {
            AdminConnection admin = tool.connect();
            JsonNode status = admin.get("api/status");
            ObjectNode answer = AdminConnection.JSON.createObjectNode();
            answer.set("admin", status);
            ObjectNode isolates = answer.putObject("isolates");
            for (JsonNode d : status.path("domains")) {
                isolates.set(d.path("name").asText(), admin.get("api/domains/" + encode(d.path("name").asText()) + "/isolates"));
            }
            tool.print(answer, () -> {
                tool.out().println("admin isolate " + status.path("adminIsolate").asText() + " (pid " + status.path("pid").asLong() + "), version "
                        + status.path("version").asText() + ", since " + status.path("startedAt").asText());
                tool.out().println("domains root: " + status.path("domainsRoot").asText());
                for (JsonNode d : status.path("domains")) {
                    tool.out().printf("%ndomain %s (%s): %s %s%n", d.path("name").asText(), d.path("mode").asText(), d.path("state").asText(),
                            d.path("url").asText());
                    for (JsonNode i : isolates.path(d.path("name").asText())) {
                        tool.out().printf("  %-18s pid %-7d up %5ds  heap %4d/%4d MB  young %3d MB  gc %5d (%d ms)  PSS %4d MB (shared %d, private %d)"
                                        + "  classes %d, %d from the shared cache%n",
                                i.path("name").asText(), i.path("pid").asLong(), i.path("uptimeSeconds").asLong(), i.path("heapUsedBytes").asLong() >> 20,
                                i.path("heapMaxBytes").asLong() >> 20, i.path("youngGenerationBytes").asLong() >> 20, i.path("gcCount").asLong(),
                                i.path("gcTimeMillis").asLong(), i.path("pssBytes").asLong() >> 20, i.path("sharedBytes").asLong() >> 20,
                                i.path("privateBytes").asLong() >> 20, i.path("classesLoaded").asLong(), i.path("classesFromCache").asLong());
                        if (i.path("olderBuild").asBoolean()) {
                            tool.out().printf("  %-18s runs an earlier build of the image until the domain is restarted (restart-domain %s)%n",
                                    "", d.path("name").asText());
                        }
                    }
                }
            });
            return ExitCodes.OK;
        }
    }

    @Command(name = "events", description = "Shows a domain's events (starts, exits with their causes, restarts, deployments), or every domain's.")
    static final class Events implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Option(names = "--domain", description = "only this domain")
        String domain;

        @Option(names = "--limit", defaultValue = "50", description = "at most this many, the latest (default ${DEFAULT-VALUE})")
        int limit;

        @Override
        public Integer call() {
            JsonNode answer = tool.connect().get((domain == null ? "api/events" : "api/domains/" + encode(domain) + "/events") + "?limit=" + limit);
            tool.print(answer, () -> answer.forEach(e -> tool.out().printf("%s [%s%s] %s%s%s%n", e.path("at").asText(), e.path("domain").asText(),
                    e.path("isolate").asText().isEmpty() ? "" : "/" + e.path("isolate").asText(), e.path("kind").asText(),
                    e.path("pid").asLong() > 0 ? " pid " + e.path("pid").asLong() : "", e.path("message").asText().isEmpty() ? ""
                            : ": " + e.path("message").asText())));
            return ExitCodes.OK;
        }
    }

    /**
     * Runs deploy-tool with {@code args} and returns its exit status; what it prints goes to
     * {@code out} and {@code err}; questions go to {@code terminal}, and without one the commands
     * that would ask refuse, saying which option to pass instead.
     */
    public static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> environment, Optional<Terminal> terminal) {
        CommandLine cli = new CommandLine(new DeployTool(out, err, environment, terminal));
        cli.setOut(new java.io.PrintWriter(out, true));
        cli.setErr(new java.io.PrintWriter(err, true));
        cli.setExecutionExceptionHandler((e, commandLine, parsed) -> {
            if (e instanceof ToolException t) {
                err.println("error: " + t.getMessage());
                return t.exitCode();
            }
            err.println("error: unexpected " + e);
            return ExitCodes.INTERNAL;
        });
        return cli.execute(args);
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, System.getenv(), Terminal.system()));
    }
}
