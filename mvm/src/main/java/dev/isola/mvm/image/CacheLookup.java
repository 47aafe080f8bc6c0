package dev.isola.mvm.image;

import java.nio.file.Path;
import java.util.Optional;

/** What {@link ImageCaches#lookup} found for an isolate about to start. */
public sealed interface CacheLookup {

    /** The cache file to start the isolate with, if there is a usable one. */
    default Optional<Path> file() {
        return this instanceof Ready ready ? Optional.of(ready.cache().file()) : Optional.empty();
    }

    /** A verified cache that fits the isolate. */
    record Ready(AotCache cache) implements CacheLookup {}

    /** The isolate wants no cache from the runtime: its image has no training run, or its spec sets its own. */
    record NotWanted(String reason) implements CacheLookup {}

    /**
     * The cache is missing, stale or damaged: the isolate starts without it, and the cache is
     * being rebuilt in the background.
     */
    record Unusable(String reason) implements CacheLookup {}
}
