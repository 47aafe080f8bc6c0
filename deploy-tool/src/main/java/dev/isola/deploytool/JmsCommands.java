package dev.isola.deploytool;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The commands for a domain's JMS destinations: {@code list-jms-destinations} (the counters of
 * each), {@code browse-jms-destination} (the messages waiting in a queue, not consumed) and
 * {@code purge-jms-destination} (removes them for good), over {@code /api/domains/{domain}/jms}.
 */
final class JmsCommands {

    private JmsCommands() {
    }

    /** What browse-jms-destination and purge-jms-destination share: a queue of a domain, and where its messages are. */
    abstract static class QueueCommand implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Parameters(index = "0", paramLabel = "NAME", description = "the queue")
        String queue;

        @Option(names = "--domain", required = true)
        String domain;

        String messagesPath() {
            return "api/domains/" + DeployTool.encode(domain) + "/jms/" + DeployTool.encode(queue) + "/messages";
        }
    }

    @Command(name = "list-jms-destinations", description = "Lists a domain's JMS destinations with their depth, messages in flight, consumers"
            + " and counters.")
    static final class ListDestinations implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Option(names = "--domain", required = true)
        String domain;

        @Override
        public Integer call() {
            JsonNode answer = tool.connect().get("api/domains/" + DeployTool.encode(domain) + "/jms");
            tool.print(answer, () -> {
                if (answer.isEmpty()) {
                    tool.out().println("No JMS destinations in domain " + domain + ": it does not run, or its JMS sub-server has none"
                            + " (declare them with jmsDestinations in its configuration, or in an application)");
                    return;
                }
                String row = "%-24s %-6s %7s %9s %9s %10s %12s %13s%n";
                tool.out().printf(row, "NAME", "TYPE", "DEPTH", "IN FLIGHT", "CONSUMERS", "ENQUEUED", "ACKNOWLEDGED", "DEAD-LETTERED");
                for (JsonNode d : answer) {
                    tool.out().printf(row, d.path("name").asText(), d.path("type").asText(), d.path("depth").asInt(), d.path("inFlight").asInt(),
                            d.path("consumers").asInt(), d.path("enqueued").asLong(), d.path("acknowledged").asLong(), d.path("deadLettered").asLong());
                }
            });
            return ExitCodes.OK;
        }
    }

    @Command(name = "browse-jms-destination", description = "Shows the messages waiting in a JMS queue, in delivery order, without consuming"
            + " them (those delivered and not yet acknowledged are in flight: counted, not shown).")
    static final class BrowseDestination extends QueueCommand {
        @Option(names = "--limit", defaultValue = "50", description = "at most this many, the first in delivery order (default ${DEFAULT-VALUE},"
                + " up to 1000)")
        int limit;

        @Override
        public Integer call() {
            JsonNode answer = tool.connect().get(messagesPath() + "?limit=" + limit);
            tool.print(answer, () -> {
                JsonNode messages = answer.path("messages");
                int depth = answer.path("depth").asInt();
                tool.out().println("Queue " + queue + " of domain " + domain + " (isolate " + answer.path("isolate").asText() + "): " + depth
                        + " waiting, " + answer.path("inFlight").asInt() + " in flight.");
                messages.forEach(m -> tool.out().print(describe(m)));
                if (depth > messages.size()) {
                    tool.out().println("Shown: the first " + messages.size() + " of " + depth + " waiting; show more with --limit (up to 1000).");
                }
            });
            return ExitCodes.OK;
        }

        /** One message: a line of headers, then what it carries, indented. */
        static String describe(JsonNode m) {
            List<String> headers = new ArrayList<>(List.of(m.path("type").asText(), m.path("bodyBytes").asInt() + " bytes",
                    "priority " + m.path("priority").asInt(), m.path("persistent").asBoolean() ? "persistent" : "non-persistent"));
            if (m.has("timestamp")) {
                headers.add("sent " + m.path("timestamp").asText());
            }
            if (m.path("redelivered").asBoolean()) {
                headers.add("redelivered (delivered " + m.path("deliveryCount").asInt() + " times, not acknowledged)");
            }
            if (m.has("expiration")) {
                headers.add("expires " + m.path("expiration").asText());
            }
            if (m.has("deliverAfter")) {
                headers.add("delayed until " + m.path("deliverAfter").asText());
            }
            StringBuilder text = new StringBuilder(m.path("messageId").asText("(no message id)")).append("  ").append(String.join(", ", headers))
                    .append('\n');
            if (m.has("correlationId")) {
                text.append("    correlation id: ").append(m.path("correlationId").asText()).append('\n');
            }
            if (m.has("jmsType")) {
                text.append("    JMSType: ").append(m.path("jmsType").asText()).append('\n');
            }
            if (!m.path("properties").isEmpty()) {
                List<String> properties = new ArrayList<>();
                for (Map.Entry<String, JsonNode> p : m.path("properties").properties()) {
                    properties.add(p.getKey() + "=" + (p.getValue().isNull() ? "null" : p.getValue().asText()));
                }
                text.append("    properties: ").append(String.join(", ", properties)).append('\n');
            }
            if (m.has("textPreview")) {
                String preview = m.path("textPreview").asText();
                boolean cut = preview.getBytes(StandardCharsets.UTF_8).length < m.path("bodyBytes").asInt();
                text.append("    text: ").append(preview.replace("\n", "\\n")).append(cut ? " ..." : "").append('\n');
            }
            return text.toString();
        }
    }

    @Command(name = "purge-jms-destination", description = "Removes every message waiting in a JMS queue, for good (also from the store);"
            + " messages in flight stay with the consumers that hold them.")
    static final class PurgeDestination extends QueueCommand {
        @Override
        public Integer call() {
            JsonNode answer = tool.connect().delete(messagesPath());
            tool.print(answer, () -> tool.out().println("Purged queue " + queue + " of domain " + domain + ": " + answer.path("removed").asInt()
                    + " message(s) removed."));
            return ExitCodes.OK;
        }
    }
}
