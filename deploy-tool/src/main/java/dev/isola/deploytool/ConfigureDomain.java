package dev.isola.deploytool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code deploy-tool configure-domain NAME [--port …] [--heap …] [--file F] [--restart]}: changes
 * a domain's configuration. It reads the configuration the domain starts with next (or takes
 * the one in {@code --file}), changes what the options name, and gives the whole document back
 * to the admin isolate, which checks it and says what changed. A running domain takes the
 * change at its next start; {@code --restart} restarts it right away.
 */
@Command(name = "configure-domain", description = "Changes a domain's configuration: a stopped domain starts with it, a running one"
        + " at its next start (or now, with --restart).")
final class ConfigureDomain implements Callable<Integer> {

    @CommandLine.ParentCommand
    DeployTool tool;

    @Parameters(index = "0", paramLabel = "NAME")
    String name;

    @Option(names = "--file", description = "a whole configuration as JSON (as show-domain-config prints it); the other options change it further")
    Path file;

    @Option(names = "--mode", description = "combined or separated (the per-isolate settings then start from the new isolates' defaults)")
    String mode;

    @Option(names = "--host", description = "the address the web sub-server listens on")
    String host;

    @Option(names = "--port", description = "HTTP port (0: a free one at every start)")
    Integer port;

    @Option(names = "--heap", description = "heap of every isolate, e.g. 512m")
    String heap;

    @Option(names = "--young", description = "young generation of every isolate, e.g. 4m")
    String young;

    @Option(names = "--busy-young", description = "young generation of every isolate while busy (serial collector), e.g. 64m")
    String busyYoung;

    @Option(names = "--collector", description = "serial, parallel, g1, z, shenandoah or default")
    String collector;

    @Option(names = "--jvm-option", paramLabel = "OPTION", description = "a further JVM option of every isolate, e.g. -Xss512k; repeat for more;"
            + " given once or more, they replace the ones there were")
    List<String> jvmOptions;

    @Option(names = "--no-jvm-options", description = "no further JVM options in any isolate")
    boolean noJvmOptions;

    @Option(names = "--access-log", paramLabel = "on|off", description = "write an HTTP access log (logs/<isolate>-access.<date>.log) or not")
    String accessLog;

    @Option(names = "--access-log-pattern", paramLabel = "PATTERN", description = "what each access log line holds: common, combined,"
            + " or Tomcat access log codes such as '%h %t \"%r\" %s %b %D'")
    String accessLogPattern;

    @Option(names = "--access-log-days", paramLabel = "DAYS", description = "how many days of access log files are kept")
    Integer accessLogDays;

    @Option(names = "--access-log-max-file-size", paramLabel = "SIZE", description = "start the next access log file of the day"
            + " (<isolate>-access.<date>.001.log, .002.log, ...) once one reaches SIZE, e.g. 100m, at least 1m; 0 for a file per day")
    String accessLogMaxFileSize;

    @Option(names = "--https-port", paramLabel = "PORT", description = "serve HTTPS on this port too (with --key-store, else a self-signed"
            + " certificate the domain makes at its next start)")
    Integer httpsPort;

    @Option(names = "--no-https", description = "serve HTTP only")
    boolean noHttps;

    @Option(names = "--key-store", paramLabel = "FILE", description = "the PKCS12 or JKS key store HTTPS serves with, on the server's machine")
    String keyStore;

    @Option(names = "--key-store-password-file", paramLabel = "FILE", description = "a file whose first line is the key store's password")
    Path keyStorePasswordFile;

    @Option(names = "--restart", description = "restart the domain if it runs, so that it takes the change now")
    boolean restart;

    @Override
    public Integer call() {
        if (jvmOptions != null && noJvmOptions) {
            throw new ToolException(ExitCodes.USAGE, "--jvm-option and --no-jvm-options exclude each other");
        }
        if (accessLog != null && !accessLog.equals("on") && !accessLog.equals("off")) {
            throw new ToolException(ExitCodes.USAGE, "--access-log takes on or off, not '" + accessLog + "'");
        }
        if (noHttps && (httpsPort != null || keyStore != null || keyStorePasswordFile != null)) {
            throw new ToolException(ExitCodes.USAGE, "--no-https excludes --https-port, --key-store and --key-store-password-file");
        }
        if ((keyStore == null) != (keyStorePasswordFile == null)) {
            throw new ToolException(ExitCodes.USAGE, "--key-store and --key-store-password-file go together");
        }
        boolean changesSomething = file != null || mode != null || host != null || port != null || heap != null || young != null
                || busyYoung != null || collector != null || jvmOptions != null || noJvmOptions || accessLog != null
                || accessLogPattern != null || accessLogDays != null || accessLogMaxFileSize != null || httpsPort != null || noHttps || keyStore != null;
        if (!changesSomething) {
            throw new ToolException(ExitCodes.USAGE, "nothing to change: give --file or a setting (--port, --heap, ...); see deploy-tool help configure-domain");
        }
        AdminConnection admin = tool.connect();
        String path = "api/domains/" + DeployTool.encode(name);
        ObjectNode configuration = file != null ? fromFile(file) : (ObjectNode) admin.get(path + "/configuration");
        boolean modeChanged = mode != null && !mode.equals(configuration.path("mode").asText("combined"));
        if (modeChanged) {
            configuration.put("mode", mode);
            // The per-isolate settings name the old mode's isolates (server; or web, ejb, jms), which the new mode does not have.
            configuration.remove("isolates");
        }
        Optional.ofNullable(host).ifPresent(h -> configuration.put("host", h));
        Optional.ofNullable(port).ifPresent(p -> configuration.put("httpPort", p));
        everyIsolate(configuration, "heap", heap);
        everyIsolate(configuration, "youngGeneration", young);
        everyIsolate(configuration, "busyYoungGeneration", busyYoung);
        everyIsolate(configuration, "collector", collector);
        if (jvmOptions != null || noJvmOptions) {
            ArrayNode options = AdminConnection.JSON.createArrayNode();
            Optional.ofNullable(jvmOptions).orElse(List.of()).forEach(options::add);
            everyIsolate(configuration, "jvmOptions", options);
        }
        if (accessLog != null || accessLogPattern != null || accessLogDays != null || accessLogMaxFileSize != null) {
            ObjectNode log = configuration.get("accessLog") instanceof ObjectNode existing ? existing : configuration.putObject("accessLog");
            Optional.ofNullable(accessLog).ifPresent(on -> log.put("enabled", on.equals("on")));
            Optional.ofNullable(accessLogPattern).ifPresent(p -> log.put("pattern", p));
            Optional.ofNullable(accessLogDays).ifPresent(d -> log.put("maxDays", d));
            Optional.ofNullable(accessLogMaxFileSize).ifPresent(size -> log.put("maxFileSize", size));
        }
        if (noHttps) {
            // Off, its port and key store kept for when it is turned on again.
            if (configuration.get("https") instanceof ObjectNode https) {
                https.put("enabled", false);
            }
        } else if (httpsPort != null || keyStore != null) {
            ObjectNode https = configuration.get("https") instanceof ObjectNode existing ? existing : configuration.putObject("https");
            https.put("enabled", true);
            Optional.ofNullable(httpsPort).ifPresent(p -> https.put("port", p));
            if (keyStore != null) {
                https.put("keyStore", keyStore);
                https.put("keyStorePassword", Credentials.firstLine(keyStorePasswordFile, ExitCodes.USAGE));
            }
        }
        JsonNode answer = admin.put(path + "/configuration", configuration);
        JsonNode restarted = restart && answer.path("pending").asBoolean() ? admin.post(path + "/restart") : null;
        ObjectNode both = AdminConnection.JSON.createObjectNode();
        both.set("configured", answer);
        both.set("restarted", restarted);
        tool.print(restarted == null ? answer : both, () -> {
            tool.out().println(restarted == null ? answer.path("message").asText()
                    : "domain " + name + ": " + answer.path("changes").size() + (answer.path("changes").size() == 1 ? " change" : " changes") + " applied");
            answer.path("changes").forEach(change -> tool.out().println("  " + change.asText()));
            if (modeChanged) {
                tool.out().println("  (a " + mode + " domain's isolates start from their defaults; set them with --heap, --young, ... or --file)");
            }
            if (restarted != null) {
                tool.out().println("Domain " + name + " is running again: " + DeployTool.urls(restarted));
            }
        });
        return ExitCodes.OK;
    }

    /** Sets {@code field} for every isolate: in the settings they all start from, and no longer per isolate, which would win over it. */
    private static void everyIsolate(ObjectNode configuration, String field, Object value) {
        if (value == null) {
            return;
        }
        JsonNode node = value instanceof JsonNode json ? json : AdminConnection.JSON.getNodeFactory().textNode(value.toString());
        ObjectNode base = configuration.get("isolate") instanceof ObjectNode existing ? existing : configuration.putObject("isolate");
        base.set(field, node);
        if (configuration.get("isolates") instanceof ObjectNode perIsolate) {
            for (Map.Entry<String, JsonNode> entry : perIsolate.properties()) {
                if (entry.getValue() instanceof ObjectNode settings) {
                    settings.remove(field);
                }
            }
        }
    }

    private static ObjectNode fromFile(Path file) {
        JsonNode json;
        try {
            json = AdminConnection.JSON.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new ToolException(ExitCodes.USAGE, "cannot read " + file + ": " + e.getMessage());
        }
        if (!(json instanceof ObjectNode object)) {
            throw new ToolException(ExitCodes.USAGE, file + " is not a domain configuration (a JSON object, as show-domain-config prints it)");
        }
        return object;
    }
}
