package dev.isola.deploytool;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code deploy-tool restore-domain FILE [--name N] [--port P] [--https-port P] [--start]}:
 * makes a new domain from a backup of {@code backup-domain}, with the backup's name and ports
 * unless given others (to clone a domain beside the original).
 */
@Command(name = "restore-domain", description = "Makes a new domain from a backup-domain zip (stopped unless --start).")
final class RestoreDomain implements Callable<Integer> {

    @CommandLine.ParentCommand
    DeployTool tool;

    @Parameters(index = "0", paramLabel = "FILE", description = "the backup")
    Path backup;

    @Option(names = "--name", description = "the new domain's name (default: the backed-up domain's)")
    String name;

    @Option(names = "--port", description = "its HTTP port (default: the backed-up domain's)")
    Integer port;

    @Option(names = "--https-port", description = "its HTTPS port, when it serves HTTPS (default: the backed-up domain's)")
    Integer httpsPort;

    @Option(names = "--start", description = "start it once restored")
    boolean start;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(backup)) {
            throw new ToolException(ExitCodes.USAGE, "backup " + backup + " does not exist or is not a file");
        }
        List<String> query = new ArrayList<>();
        if (name != null) {
            query.add("name=" + DeployTool.encode(name));
        }
        if (port != null) {
            query.add("httpPort=" + port);
        }
        if (httpsPort != null) {
            query.add("httpsPort=" + httpsPort);
        }
        if (start) {
            query.add("start=true");
        }
        JsonNode restored = tool.upload(tool.connect(), "POST", "api/domains/restore" + (query.isEmpty() ? "" : "?" + String.join("&", query)), backup);
        tool.print(restored, () -> {
            String restoredName = restored.path("name").asText();
            tool.out().println("Restored domain " + restoredName + " (" + restored.path("mode").asText() + ") from " + backup + ": "
                    + (start ? "running at " + DeployTool.urls(restored) : "stopped; start it with deploy-tool start-domain " + restoredName));
        });
        return ExitCodes.OK;
    }
}
