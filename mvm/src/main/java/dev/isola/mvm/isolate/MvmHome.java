package dev.isola.mvm.isolate;

import java.nio.file.Path;

/**
 * The directory under which the runtime keeps its state: one run directory per isolate
 * (descriptor, state, logs) and the image caches.
 *
 * <p>Resolved from the system property {@code mvm.home}, then the environment variable
 * {@code MVM_HOME}, then {@code ~/.isola/mvm}. Isolates inherit their creator's home, so
 * every isolate of one installation sees the same registry.
 */
public final class MvmHome {

    public static final String PROPERTY = "mvm.home";

    private MvmHome() {
    }

    public static Path resolve() {
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath();
        }
        String env = System.getenv("MVM_HOME");
        if (env != null && !env.isBlank()) {
            return Path.of(env).toAbsolutePath();
        }
        return Path.of(System.getProperty("user.home"), ".isola", "mvm");
    }

    /** Where the run directories of isolates live. */
    public static Path isolatesDirectory(Path home) {
        return home.resolve("isolates");
    }
}
