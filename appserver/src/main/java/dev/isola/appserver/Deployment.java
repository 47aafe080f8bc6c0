package dev.isola.appserver;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * A deployed application as the server reports it.
 *
 * @param name    the deployment name (the archive's file name without extension): what {@code undeploy} takes
 * @param modules one line per module: "shop-web.war (web, /shop)", "shop-ejb.jar (ejb)"; then one per persistence unit: "persistence unit orders (shop-ejb.jar)"
 * @param beans   one line per enterprise bean with its instance counts
 */
public record Deployment(String name, String applicationName, Path archive, Instant deployedAt, List<String> modules, List<String> beans) {
}
