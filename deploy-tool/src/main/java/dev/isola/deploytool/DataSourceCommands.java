package dev.isola.deploytool;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

/**
 * The commands for a domain's datasources: {@code list-datasources} (each pool with what it
 * connects to and its connections) and {@code ping-datasource} (whether the database answers
 * now), over {@code /api/domains/{domain}/datasources}.
 */
final class DataSourceCommands {

    private DataSourceCommands() {
    }

    @Command(name = "list-datasources", description = "Lists a domain's datasources with what each connects to and its pool: connections"
            + " active and idle, threads waiting, the bound.")
    static final class ListDataSources implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Option(names = "--domain", required = true)
        String domain;

        @Override
        public Integer call() {
            JsonNode answer = tool.connect().get("api/domains/" + DeployTool.encode(domain) + "/datasources");
            tool.print(answer, () -> {
                if (answer.isEmpty()) {
                    tool.out().println("No datasources in domain " + domain + ": it does not run (deploy-tool start-domain " + domain + ")");
                    return;
                }
                String row = "%-30s %-14s %-16s %-14s %6s %5s %7s %4s  %s%n";
                tool.out().printf(row, "NAME", "APPLICATION", "ISOLATE", "STATE", "ACTIVE", "IDLE", "WAITING", "MAX", "DATABASE");
                for (JsonNode d : answer) {
                    boolean open = d.path("state").asText().equals("open");
                    tool.out().printf(row, d.path("name").asText(), d.path("application").asText().isEmpty() ? "-" : d.path("application").asText(),
                            d.path("isolate").asText(), d.path("state").asText(), open ? d.path("active").asText() : "-",
                            open ? d.path("idle").asText() : "-", open ? d.path("waiting").asText() : "-", open ? d.path("maxPoolSize").asText() : "-",
                            d.path("database").asText());
                }
            });
            return ExitCodes.OK;
        }
    }

    @Command(name = "ping-datasource", description = "Connects to a datasource's database afresh and says whether it answers (a datasource"
            + " not used yet is opened); exits with " + ExitCodes.CHECK_FAILED + " when it does not.")
    static final class PingDataSource implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Parameters(index = "0", paramLabel = "NAME", description = "the datasource's JNDI name, e.g. java:global/jdbc/orders (list-datasources"
                + " shows them)")
        String name;

        @Option(names = "--domain", required = true)
        String domain;

        @Option(names = "--application", description = "the application that defined it, when several define the same name")
        String application;

        @Override
        public Integer call() {
            String query = "?name=" + URLEncoder.encode(name, StandardCharsets.UTF_8)
                    + (application == null ? "" : "&application=" + URLEncoder.encode(application, StandardCharsets.UTF_8));
            JsonNode answer = tool.connect().post("api/domains/" + DeployTool.encode(domain) + "/datasources/ping" + query);
            boolean reachable = answer.path("reachable").asBoolean();
            tool.print(answer, () -> {
                String what = "Datasource " + name + " of domain " + domain + " (isolate " + answer.path("isolate").asText() + ")";
                if (reachable) {
                    tool.out().println(what + ": reachable, " + answer.path("product").asText() + ", connected in " + answer.path("millis").asLong()
                            + " ms" + (answer.path("openedPool").asBoolean() ? "; its pool was opened now (it had not been used)" : "") + ".");
                } else {
                    tool.err().println("error: " + what + " is not reachable: " + answer.path("problem").asText() + " (SQLState "
                            + answer.path("sqlState").asText("?") + ")");
                }
            });
            return reachable ? ExitCodes.OK : ExitCodes.CHECK_FAILED;
        }
    }
}
