package dev.isola.deploytool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/**
 * {@code deploy-tool list-log-levels} and {@code set-log-levels}: the levels of a domain's
 * loggers, changed in its running isolates without a restart, as GlassFish's
 * {@code list-log-levels} and {@code set-log-levels}.
 */
final class LogLevelCommands {

    /** What {@code LOGGER=default} (or an empty level) asks for: the logger's default level again. */
    static final String DEFAULT = "default";

    private LogLevelCommands() {
    }

    @Command(name = "list-log-levels", description = "Lists the loggers of a domain whose level is not the default.")
    static final class ListLevels implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Option(names = "--domain", required = true, description = "the domain")
        String domain;

        @Override
        public Integer call() {
            JsonNode answer = tool.connect().get(path(domain));
            tool.print(answer, () -> printLevels(tool, answer));
            return ExitCodes.OK;
        }
    }

    @Command(name = "set-log-levels", description = "Sets the level of loggers of a domain (LOGGER=LEVEL, root for the root logger;"
            + " LOGGER=default for its default again), in its running isolates at once and from their next start on.")
    static final class SetLevels implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Option(names = "--domain", required = true, description = "the domain")
        String domain;

        @Parameters(paramLabel = "LOGGER=LEVEL", arity = "0..*", description = "e.g. org.apache.catalina.core=FINE; levels SEVERE, WARNING, INFO,"
                + " CONFIG, FINE, FINER, FINEST, OFF, ALL (or ERROR, WARN, DEBUG, TRACE); default: back to the logger's default")
        List<String> assignments = new ArrayList<>();

        @Option(names = "--replace", description = "make these the only loggers not at their default (without: change only these)")
        boolean replace;

        @Override
        public Integer call() {
            if (assignments.isEmpty() && !replace) {
                throw new ToolException(ExitCodes.USAGE, "name at least one LOGGER=LEVEL (or give --replace alone to put every default back)");
            }
            AdminConnection admin = tool.connect();
            Map<String, String> levels = new TreeMap<>();
            if (!replace) {
                for (Iterator<Map.Entry<String, JsonNode>> it = admin.get(path(domain)).path("levels").fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> entry = it.next();
                    levels.put(entry.getKey(), entry.getValue().asText());
                }
            }
            for (String assignment : assignments) {
                int equals = assignment.indexOf('=');
                if (equals <= 0) {
                    throw new ToolException(ExitCodes.USAGE, "'" + assignment + "' is not LOGGER=LEVEL (e.g. org.apache.catalina.core=FINE)");
                }
                String logger = assignment.substring(0, equals).strip();
                String level = assignment.substring(equals + 1).strip();
                if (level.isEmpty() || level.equalsIgnoreCase(DEFAULT)) {
                    levels.remove(logger);
                } else {
                    levels.put(logger, level);
                }
            }
            ObjectNode body = AdminConnection.JSON.createObjectNode();
            ObjectNode given = body.putObject("levels");
            levels.forEach(given::put);
            JsonNode answer = admin.put(path(domain), body);
            tool.print(answer, () -> {
                JsonNode changes = answer.path("changes");
                if (changes.isEmpty()) {
                    tool.out().println("No change to the log levels of domain " + domain + ".");
                } else {
                    changes.forEach(change -> tool.out().println("changed " + change.asText()));
                }
                printLevels(tool, answer);
                List<String> isolates = new ArrayList<>();
                answer.path("applied").fieldNames().forEachRemaining(isolates::add);
                tool.out().println(isolates.isEmpty() ? "No isolate of domain " + domain + " runs: they apply from its next start."
                        : "Set in the running isolates (" + String.join(", ", isolates) + ") and from their next start on.");
                answer.path("notApplied").fields().forEachRemaining(e -> tool.err().println("warning: isolate " + e.getKey() + " did not take them: "
                        + e.getValue().asText()));
            });
            return ExitCodes.OK;
        }
    }

    private static String path(String domain) {
        return "api/domains/" + DeployTool.encode(domain) + "/log-levels";
    }

    private static void printLevels(DeployTool tool, JsonNode answer) {
        JsonNode levels = answer.path("levels");
        if (levels.isEmpty()) {
            tool.out().println("Every logger of domain " + answer.path("domain").asText() + " is at its default level (root: INFO).");
            return;
        }
        levels.fields().forEachRemaining(e -> tool.out().printf("%-50s %s%n", e.getKey(), e.getValue().asText()));
    }
}
