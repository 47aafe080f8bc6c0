package dev.isola.deploytool;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.util.concurrent.Callable;

/**
 * {@code deploy-tool show-domain-config NAME}: the configuration a domain starts with next, as
 * JSON (the form of {@code config/domain.json}), to read or to edit and give back with
 * {@code configure-domain NAME --file}.
 */
@Command(name = "show-domain-config", description = "Prints the configuration a domain starts with next, as JSON"
        + " (edit it and give it back with configure-domain NAME --file F).")
final class ShowDomainConfiguration implements Callable<Integer> {

    @CommandLine.ParentCommand
    DeployTool tool;

    @Parameters(index = "0", paramLabel = "NAME")
    String name;

    @Override
    public Integer call() {
        AdminConnection admin = tool.connect();
        JsonNode configuration = admin.get("api/domains/" + DeployTool.encode(name) + "/configuration");
        try {
            tool.out().println(AdminConnection.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(configuration));
        } catch (JsonProcessingException e) {
            throw new ToolException(ExitCodes.INTERNAL, "cannot print the configuration: " + e.getMessage());
        }
        if (admin.get("api/domains/" + DeployTool.encode(name)).path("configurationPending").asBoolean()) {
            // On standard error, so that the output stays a configuration a script can save and give back.
            tool.err().println("note: domain " + name + " runs with an earlier configuration until its next start"
                    + " (deploy-tool restart-domain " + name + ")");
        }
        return ExitCodes.OK;
    }
}
