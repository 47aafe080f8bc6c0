package dev.isola.appserver;

import java.nio.file.Path;
import java.util.List;

/** A snapshot of a {@link CombinedServer} for the domain's control listener and the console. */
public record ServerStatus(State state, String host, int httpPort, Path dataDirectory, Path workDirectory, List<Deployment> deployments) {

    public enum State { RUNNING, STOPPED }
}
