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
 * each), {@code list-jms-subscriptions} (a topic's durable subscriptions),
 * {@code browse-jms-destination} (the messages waiting in a queue or a durable subscription, not
 * consumed) and {@code purge-jms-destination} (removes them for good, asking first at a
 * terminal), over {@code /api/domains/{domain}/jms}.
 */
final class JmsCommands {

    private JmsCommands() {
    }

    /**
     * What browse-jms-destination and purge-jms-destination share: where the messages wait, in a
     * queue of a domain or, with {@code --subscription}, in a durable subscription of a topic.
     */
    abstract static class WaitingMessagesCommand implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Parameters(index = "0", paramLabel = "NAME", description = "the queue, or with --subscription the topic")
        String destination;

        @Option(names = "--domain", required = true)
        String domain;

        @Option(names = "--subscription", paramLabel = "ID", description = "a durable subscription of topic NAME: CLIENTID:NAME, or NAME for one"
                + " without a client id (list-jms-subscriptions shows them)")
        String subscription;

        String messagesPath() {
            String topicOrQueue = "api/domains/" + DeployTool.encode(domain) + "/jms/" + DeployTool.encode(destination);
            return topicOrQueue + (subscription == null ? "" : "/subscriptions/" + DeployTool.encode(subscription)) + "/messages";
        }

        /** What holds the messages, in words: {@code queue orders of domain shop}. */
        String holder() {
            return (subscription == null ? "queue " : "durable subscription " + subscription + " of topic ") + destination + " of domain " + domain;
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

    @Command(name = "list-jms-subscriptions", description = "Lists the durable subscriptions of a JMS topic with the messages waiting in each;"
            + " browse-jms-destination and purge-jms-destination take their ids with --subscription.")
    static final class ListSubscriptions implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Option(names = "--domain", required = true)
        String domain;

        @Option(names = "--topic", required = true)
        String topic;

        @Override
        public Integer call() {
            JsonNode answer = tool.connect().get("api/domains/" + DeployTool.encode(domain) + "/jms/" + DeployTool.encode(topic) + "/subscriptions");
            tool.print(answer, () -> {
                JsonNode subscriptions = answer.path("subscriptions");
                if (subscriptions.isEmpty()) {
                    tool.out().println("Topic " + topic + " of domain " + domain + " has no durable subscription.");
                    return;
                }
                String row = "%-32s %-20s %-20s %-6s %7s %9s %9s%n";
                tool.out().printf(row, "ID", "CLIENT ID", "NAME", "SHARED", "WAITING", "IN FLIGHT", "CONSUMERS");
                for (JsonNode s : subscriptions) {
                    tool.out().printf(row, s.path("id").asText(), s.path("clientId").asText("-"), s.path("name").asText(),
                            s.path("shared").asBoolean() ? "yes" : "no", s.path("depth").asInt(), s.path("inFlight").asInt(), s.path("consumers").asInt());
                }
            });
            return ExitCodes.OK;
        }
    }

    @Command(name = "browse-jms-destination", description = "Shows the messages waiting in a JMS queue, or in a durable subscription of a topic,"
            + " in delivery order, without consuming them (those delivered and not yet acknowledged are in flight: counted, not shown).")
    static final class BrowseDestination extends WaitingMessagesCommand {
        @Option(names = "--limit", defaultValue = "50", description = "at most this many, the first in delivery order (default ${DEFAULT-VALUE},"
                + " up to 1000)")
        int limit;

        @Override
        public Integer call() {
            JsonNode answer = tool.connect().get(messagesPath() + "?limit=" + limit);
            tool.print(answer, () -> {
                JsonNode messages = answer.path("messages");
                int depth = answer.path("depth").asInt();
                String holder = holder();
                tool.out().println(Character.toUpperCase(holder.charAt(0)) + holder.substring(1) + " (isolate " + answer.path("isolate").asText() + "): " + depth
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

    @Command(name = "purge-jms-destination", description = "Removes every message waiting in a JMS queue, or in a durable subscription of a"
            + " topic, for good (also from the store); messages in flight stay with the consumers that hold them. At a terminal it says how many"
            + " messages wait and asks first; elsewhere it needs --yes.")
    static final class PurgeDestination extends WaitingMessagesCommand {
        @Option(names = "--yes", description = "purge without asking (what a script must pass: without a terminal nothing is asked, and nothing purged)")
        boolean yes;

        @Override
        public Integer call() {
            // Refused before anything is sent: a script that forgot --yes learns it without a request to the server.
            Terminal terminal = yes ? null : tool.terminal().orElseThrow(() -> new ToolException(ExitCodes.USAGE, "purge-jms-destination removes"
                    + " the messages of " + holder() + " for good and asks first, but there is no terminal to ask at; pass --yes to purge without"
                    + " asking"));
            AdminConnection admin = tool.connect();
            if (terminal != null) {
                int waiting = admin.get(messagesPath() + "?limit=1").path("depth").asInt();
                if (!Terminal.yes(terminal.readLine("Purge " + waiting + " messages from " + holder() + "? [y/N] "))) {
                    tool.err().println("Not purged: nothing was removed from " + holder() + ".");
                    return ExitCodes.DECLINED;
                }
            }
            JsonNode answer = admin.delete(messagesPath());
            tool.print(answer, () -> tool.out().println("Purged " + holder() + ": " + answer.path("removed").asInt() + " message(s) removed."));
            return ExitCodes.OK;
        }
    }
}
