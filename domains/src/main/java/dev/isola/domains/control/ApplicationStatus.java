package dev.isola.domains.control;

import java.io.Serializable;
import java.time.Instant;
import java.util.List;

/**
 * An application in one domain isolate.
 *
 * @param name       the deployment name
 * @param state      deployed, or failed (when redeploying a recorded application at start)
 * @param modules    one line per module: "shop-web.war (web, /shop)", "shop-ejb.jar (ejb)"; then one per persistence unit: "persistence unit orders (shop-ejb.jar)"
 * @param deployedAt when this isolate deployed it, null if it failed
 * @param problem    the deployment error, empty when deployed
 */
public record ApplicationStatus(String name, State state, List<String> modules, Instant deployedAt, String problem) implements Serializable {

    public enum State { DEPLOYED, FAILED }

    public ApplicationStatus {
        modules = List.copyOf(modules);
    }
}
