package dev.isola.deploytool;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code deploy-tool thread-dump --domain D [--isolate I] [--format text|json|locks]}: what every
 * thread of one of a domain's isolates is doing, printed as the admin isolate took it. A combined
 * domain has one isolate, taken without {@code --isolate}; a separated domain's must be named.
 */
@Command(name = "thread-dump", description = "Prints what every thread of a domain's isolate is doing (for a hung request or a deadlock).")
final class ThreadDump implements Callable<Integer> {

    @CommandLine.ParentCommand
    DeployTool tool;

    @Option(names = "--domain", required = true, description = "the domain")
    String domain;

    @Option(names = "--isolate", description = "the isolate (needed for a separated domain: D-jms, D-ejb or D-web)")
    String isolate;

    @Option(names = "--format", defaultValue = "text", description = "text (every thread, virtual ones too), json, or locks (platform threads"
            + " with their locks, and deadlocks); default ${DEFAULT-VALUE}")
    String format;

    @Override
    public Integer call() {
        AdminConnection admin = tool.connect();
        String name = isolate != null ? isolate : onlyIsolate(admin);
        tool.out().print(admin.getText("api/domains/" + DeployTool.encode(domain) + "/isolates/" + DeployTool.encode(name) + "/thread-dump?format="
                + DeployTool.encode(format)));
        tool.out().flush();
        return ExitCodes.OK;
    }

    private String onlyIsolate(AdminConnection admin) {
        List<String> names = new ArrayList<>();
        for (JsonNode running : admin.get("api/domains/" + DeployTool.encode(domain) + "/isolates")) {
            names.add(running.path("name").asText());
        }
        if (names.size() == 1) {
            return names.getFirst();
        }
        if (names.isEmpty()) {
            throw new ToolException(ExitCodes.REJECTED, "domain " + domain + " has no isolate running; start it first: deploy-tool start-domain " + domain);
        }
        throw new ToolException(ExitCodes.USAGE,
                "domain " + domain + " runs " + names.size() + " isolates (" + String.join(", ", names) + "): name one with --isolate");
    }
}
