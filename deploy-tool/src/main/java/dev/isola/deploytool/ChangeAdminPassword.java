package dev.isola.deploytool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;

/**
 * {@code deploy-tool change-admin-password [--new-password-file F]}: changes the admin password
 * ({@code PUT /api/admin/password}). The current password is the one deploy-tool authenticates
 * with; the new one comes from a file (its first line), or is asked for twice at a terminal, so
 * that it never appears on a command line or in the shell's history.
 */
@Command(name = "change-admin-password", description = "Changes the admin password (the current one is the one deploy-tool signs in with);"
        + " console sessions end, and the copy the server generated, if it is still there, holds the new one.")
final class ChangeAdminPassword implements Callable<Integer> {

    @CommandLine.ParentCommand
    DeployTool tool;

    @Option(names = "--new-password-file", description = "a file whose first line is the new password (else it is asked for at the terminal)")
    Path newPasswordFile;

    @Override
    public Integer call() {
        char[] next = newPassword();
        AdminConnection admin = tool.connect();
        ObjectNode body = AdminConnection.JSON.createObjectNode();
        body.put("currentPassword", admin.credentials().password());
        body.put("newPassword", new String(next));
        Arrays.fill(next, '\0');
        JsonNode answer = admin.put("api/admin/password", body);
        tool.print(answer, () -> {
            tool.out().println(answer.path("message").asText());
            if (answer.hasNonNull("passwordFile")) {
                tool.out().println(answer.path("passwordFile").asText() + " holds the new password; deploy-tool on this machine reads it from there");
            } else {
                tool.out().println("give deploy-tool the new password with --password-file or " + Credentials.PASSWORD_VARIABLE
                        + " (it was read from " + admin.credentials().source() + ")");
            }
        });
        if (answer.hasNonNull("warning")) {
            tool.err().println("warning: " + answer.path("warning").asText());
        }
        return ExitCodes.OK;
    }

    private char[] newPassword() {
        if (newPasswordFile != null) {
            return Credentials.firstLine(newPasswordFile, ExitCodes.USAGE).toCharArray();
        }
        Terminal terminal = tool.terminal().orElseThrow(
                () -> new ToolException(ExitCodes.USAGE, "give the new password with --new-password-file FILE (no terminal to ask at)"));
        return terminal.readNewPassword("New admin password: ");
    }
}
