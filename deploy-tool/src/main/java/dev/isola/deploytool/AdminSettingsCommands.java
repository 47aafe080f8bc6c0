package dev.isola.deploytool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code deploy-tool list-admin-settings} and {@code set-admin-settings}: what the admin isolate
 * runs with (restart limit, upload limits, console session timeout, retention, autodeploy), changed
 * while it runs and kept for its next start, as GlassFish's {@code asadmin get} and {@code set}.
 */
final class AdminSettingsCommands {

    private static final String PATH = "api/settings";

    private AdminSettingsCommands() {
    }

    @Command(name = "list-admin-settings", description = "Lists what the admin isolate runs with, as the options of bin/appserver start name them.")
    static final class ListSettings implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Override
        public Integer call() {
            JsonNode answer = tool.connect().get(PATH);
            tool.print(answer, () -> printOptions(tool, answer));
            return ExitCodes.OK;
        }
    }

    @Command(name = "set-admin-settings", description = "Changes what the admin isolate runs with (NAME=VALUE, named as the options of bin/appserver"
            + " start without their dashes), at once and for its next starts.")
    static final class SetSettings implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Parameters(paramLabel = "NAME=VALUE", arity = "1..*", description = "e.g. restart-limit=2 max-upload-size=512m; the settings: restart-limit,"
                + " max-upload-size, max-expanded-size, console-session-timeout, keep-ended-isolates, event-journal-size, autodeploy-interval")
        List<String> assignments = new ArrayList<>();

        @Override
        public Integer call() {
            ObjectNode body = AdminConnection.JSON.createObjectNode();
            for (String assignment : assignments) {
                int equals = assignment.indexOf('=');
                if (equals <= 0) {
                    throw new ToolException(ExitCodes.USAGE, "'" + assignment + "' is not NAME=VALUE (e.g. restart-limit=2)");
                }
                body.put(assignment.substring(0, equals).strip(), assignment.substring(equals + 1).strip());
            }
            JsonNode answer = tool.connect().put(PATH, body);
            tool.print(answer, () -> {
                answer.path("changed").properties().forEach(e -> tool.out().println("set " + e.getKey() + "=" + e.getValue().asText()));
                tool.out().println("In effect now, and kept for the admin isolate's next start:");
                printOptions(tool, answer);
            });
            return ExitCodes.OK;
        }
    }

    private static void printOptions(DeployTool tool, JsonNode answer) {
        answer.path("options").properties().forEach(e -> tool.out().println("  " + e.getKey() + "=" + e.getValue().asText()));
    }
}
