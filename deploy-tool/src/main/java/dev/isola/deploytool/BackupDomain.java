package dev.isola.deploytool;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code deploy-tool backup-domain NAME [--file F]}: saves a backup of a domain, stopped or
 * running (its configuration, applications, databases and JMS store), to a zip, which
 * {@code restore-domain} makes a domain of again, here or on another server.
 */
@Command(name = "backup-domain", description = "Saves a domain (configuration, applications, databases, JMS store) to a zip"
        + " that restore-domain takes; a running domain goes on serving while its databases are copied.")
final class BackupDomain implements Callable<Integer> {

    @CommandLine.ParentCommand
    DeployTool tool;

    @Parameters(index = "0", paramLabel = "NAME", description = "the domain, stopped or running (not while it starts, stops or restarts an isolate)")
    String domain;

    @Option(names = "--file", description = "where to save it (default NAME-yyyyMMdd-HHmmss.zip in the current directory); an existing file is"
            + " not replaced unless --force")
    Path file;

    @Option(names = "--force", description = "replace the file if it exists")
    boolean force;

    @Override
    public Integer call() {
        Path target = file != null ? file : Path.of(domain + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".zip");
        if (Files.exists(target) && !force) {
            throw new ToolException(ExitCodes.USAGE, target + " exists; choose another --file, or replace it with --force");
        }
        Path directory = target.toAbsolutePath().getParent();
        if (!Files.isDirectory(directory)) {
            throw new ToolException(ExitCodes.USAGE, "cannot save to " + target + ": " + directory + " is not a directory");
        }
        long bytes;
        try {
            bytes = tool.connect().download("api/domains/" + DeployTool.encode(domain) + "/backup", target);
        } catch (IOException e) {
            throw new ToolException(ExitCodes.INTERNAL, "cannot save the backup to " + target + ": " + e.getMessage());
        }
        tool.print(AdminConnection.JSON.createObjectNode().put("domain", domain).put("file", target.toAbsolutePath().toString()).put("bytes", bytes),
                () -> tool.out().printf(Locale.ROOT, "Saved a backup of domain %s to %s (%,d bytes). Restore it with: deploy-tool restore-domain %s%n",
                        domain, target, bytes, target));
        return ExitCodes.OK;
    }
}
