package dev.isola.deploytool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code deploy-tool list-users}, {@code create-user}, {@code update-user} and
 * {@code delete-user}: the users of a domain's applications (its file realm), as GlassFish's
 * {@code list-file-users}, {@code create-file-user}, {@code update-file-user} and
 * {@code delete-file-user}. A running domain takes a change at once; a stopped one has it when it
 * starts.
 *
 * <p>A user's password never comes from the command line, where other users of the machine and
 * the shell's history would see it: it is asked for twice at the terminal, without echo, or read
 * from the first line of {@code --user-password-file} (in scripts; {@code --password-file} is the
 * admin's password, as for every command).
 */
final class UserCommands {

    private UserCommands() {
    }

    @Command(name = "list-users", description = "Lists the users of a domain's applications with their groups (which are also their roles).")
    static final class ListUsers implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Parameters(index = "0", paramLabel = "DOMAIN", description = "the domain")
        String domain;

        @Override
        public Integer call() {
            JsonNode answer = tool.connect().get(path(domain));
            tool.print(answer, () -> {
                if (answer.isEmpty()) {
                    tool.out().println("No users in domain " + domain + ". Add one: deploy-tool create-user " + domain + " NAME --groups GROUP");
                    return;
                }
                tool.out().printf("%-24s %s%n", "NAME", "GROUPS");
                answer.forEach(user -> tool.out().printf("%-24s %s%n", user.path("name").asText(), groups(user)));
            });
            return ExitCodes.OK;
        }
    }

    /** What create-user and update-user share: where the user's new password comes from. */
    abstract static class PasswordCommand implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Parameters(index = "0", paramLabel = "DOMAIN", description = "the domain")
        String domain;

        @Parameters(index = "1", paramLabel = "NAME", description = "letters, digits and . _ @ -, e.g. alice")
        String name;

        @Option(names = "--user-password-file", paramLabel = "FILE",
                description = "a file whose first line is the user's password (else it is asked for twice at the terminal)")
        Path userPasswordFile;

        /** Puts the user's new password into {@code body}: from {@code --user-password-file}, else typed twice at the terminal; refused without either. */
        void putPassword(ObjectNode body) {
            char[] password;
            if (userPasswordFile != null) {
                password = Credentials.firstLine(userPasswordFile, ExitCodes.USAGE).toCharArray();
            } else {
                Terminal terminal = tool.terminal().orElseThrow(() -> new ToolException(ExitCodes.USAGE, "give the password of user " + name
                        + " with --user-password-file FILE (its first line): there is no terminal to ask at, and a password is never taken"
                        + " from the command line"));
                password = terminal.readNewPassword("Password of user " + name + " of domain " + domain + ": ");
            }
            body.put("password", new String(password));
            Arrays.fill(password, '\0');
        }
    }

    @Command(name = "create-user", description = "Adds a user of a domain's applications; its password is asked for twice (or read from"
            + " --user-password-file). Taken at once, also by a running domain.")
    static final class CreateUser extends PasswordCommand {
        @Option(names = "--groups", split = ",", paramLabel = "GROUP",
                description = "the user's groups, which are also its roles in the domain's applications (default: none)")
        List<String> groups = new ArrayList<>();

        @Override
        public Integer call() {
            ObjectNode body = AdminConnection.JSON.createObjectNode().put("name", name);
            putPassword(body);
            body.set("groups", array(groups));
            JsonNode answer = tool.connect().post(path(domain), body);
            tool.print(answer, () -> tool.out().println("Created user " + name + " of domain " + domain + ", groups: " + groups(answer) + "."));
            return ExitCodes.OK;
        }
    }

    @Command(name = "update-user", description = "Changes the groups of a user of a domain's applications (--groups), its password"
            + " (--password), or both. Taken at once, also by a running domain.")
    static final class UpdateUser extends PasswordCommand {
        @Option(names = "--groups", split = ",", paramLabel = "GROUP",
                description = "the user's groups from now on, replacing its present ones (--groups= for none)")
        List<String> groups;

        @Option(names = "--password", description = "change the password: asked for twice at the terminal, or read from --user-password-file")
        boolean password;

        @Override
        public Integer call() {
            if (userPasswordFile != null && !password) {
                throw new ToolException(ExitCodes.USAGE, "--user-password-file gives the new password of --password; add --password to change it");
            }
            if (groups == null && !password) {
                throw new ToolException(ExitCodes.USAGE, "say what to change: --groups, --password, or both");
            }
            ObjectNode body = AdminConnection.JSON.createObjectNode();
            if (password) {
                putPassword(body);
            }
            if (groups != null) {
                body.set("groups", array(groups));
            }
            JsonNode answer = tool.connect().put(path(domain) + "/" + DeployTool.encode(name), body);
            tool.print(answer, () -> tool.out().println("Updated user " + name + " of domain " + domain + ": "
                    + (password ? "password changed, " : "") + "groups: " + groups(answer) + "."));
            return ExitCodes.OK;
        }
    }

    @Command(name = "delete-user", description = "Removes a user of a domain's applications. Taken at once, also by a running domain.")
    static final class DeleteUser implements Callable<Integer> {
        @CommandLine.ParentCommand
        DeployTool tool;

        @Parameters(index = "0", paramLabel = "DOMAIN", description = "the domain")
        String domain;

        @Parameters(index = "1", paramLabel = "NAME")
        String name;

        @Override
        public Integer call() {
            JsonNode answer = tool.connect().delete(path(domain) + "/" + DeployTool.encode(name));
            tool.print(answer, () -> tool.out().println("Deleted user " + name + " of domain " + domain + "."));
            return ExitCodes.OK;
        }
    }

    private static String path(String domain) {
        return "api/domains/" + DeployTool.encode(domain) + "/users";
    }

    /** The groups given, without the empty one that {@code --groups=} leaves (which means none). */
    private static ArrayNode array(List<String> groups) {
        ArrayNode array = AdminConnection.JSON.createArrayNode();
        groups.stream().map(String::strip).filter(g -> !g.isEmpty()).forEach(array::add);
        return array;
    }

    /** A user's groups as a line: {@code customers, staff}, or {@code (none)}. */
    private static String groups(JsonNode user) {
        List<String> groups = new ArrayList<>();
        user.path("groups").forEach(g -> groups.add(g.asText()));
        return groups.isEmpty() ? "(none)" : String.join(", ", groups);
    }
}
