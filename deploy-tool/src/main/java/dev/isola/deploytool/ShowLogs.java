package dev.isola.deploytool;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/**
 * {@code deploy-tool logs --domain D [--isolate I] [--lines N]}: the last lines of the logs of a
 * domain's isolates, as the admin isolate reads them from the domain's {@code logs/} directory,
 * so that they can be read where the server's files are not at hand. Several logs are printed
 * one after another, each under a header, as {@code tail} prints several files.
 */
@Command(name = "logs", description = "Shows the last lines of the logs of a domain's isolates (a separated domain has three).")
final class ShowLogs implements Callable<Integer> {

    @CommandLine.ParentCommand
    DeployTool tool;

    @Option(names = "--domain", required = true, description = "the domain")
    String domain;

    @Option(names = "--isolate", description = "only this isolate's log (a separated domain's are D-jms, D-ejb and D-web)")
    String isolate;

    @Option(names = "--lines", defaultValue = "50", description = "at most this many lines of each log, the latest (default ${DEFAULT-VALUE}, up to 1000)")
    int lines;

    @Override
    public Integer call() {
        String query = "?lines=" + lines + (isolate == null ? "" : "&isolate=" + DeployTool.encode(isolate));
        JsonNode logs = tool.connect().get("api/domains/" + DeployTool.encode(domain) + "/logs" + query);
        tool.print(logs, () -> {
            boolean headers = logs.size() > 1;
            boolean first = true;
            for (JsonNode log : logs) {
                if (headers) {
                    tool.out().printf("%s==> %s (%s) <==%n", first ? "" : System.lineSeparator(), log.path("isolate").asText(),
                            log.path("file").asText());
                }
                log.path("lines").forEach(line -> tool.out().println(line.asText()));
                first = false;
            }
        });
        return ExitCodes.OK;
    }
}
