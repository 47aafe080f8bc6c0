package dev.isola.appserver.deploy;

import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

/**
 * A running application: what was deployed and how to take it away again.
 */
public final class DeployedApplication {

    private final ApplicationLayout layout;
    private final Path archive;
    private final Instant deployedAt;
    private final Supplier<List<String>> beans;
    private final List<String> persistenceUnits;
    private final WeakReference<ClassLoader> classLoader;
    private final UnpackedArchive unpacked;
    private final UndoLog undo;
    private final Runnable discardState;

    /**
     * @param beans       one line per bean this isolate runs (none in a web or JMS isolate of a separated domain)
     * @param persistenceUnits one line per persistence unit of the application
     * @param classLoader the application's loader; null where none is built (the JMS isolate of a separated domain)
     * @param unpacked    its files in the work directory, which {@code undo} deletes
     * @param discardState deletes what the application keeps from one start to the next (its persistent timers): run when it is
     *                     undeployed, not when it stops
     */
    DeployedApplication(ApplicationLayout layout, Path archive, Instant deployedAt, Supplier<List<String>> beans, List<String> persistenceUnits,
                        ClassLoader classLoader, UnpackedArchive unpacked, UndoLog undo, Runnable discardState) {
        this.discardState = discardState;
        this.layout = layout;
        this.archive = archive;
        this.deployedAt = deployedAt;
        this.beans = beans;
        this.persistenceUnits = List.copyOf(persistenceUnits);
        this.classLoader = new WeakReference<>(classLoader);
        this.unpacked = unpacked;
        this.undo = undo;
    }

    /** The deployment name: the archive's file name without extension. */
    public String name() {
        return layout.deploymentName();
    }

    public String applicationName() {
        return layout.applicationName();
    }

    public Path archive() {
        return archive;
    }

    public Instant deployedAt() {
        return deployedAt;
    }

    public List<ModuleInfo> modules() {
        return layout.modules();
    }

    /** One line per bean: kind, name, instance counts. */
    public List<String> describeBeans() {
        return beans.get();
    }

    /** One line per persistence unit: "persistence unit orders (shop-ejb.jar)". */
    public List<String> describePersistenceUnits() {
        return persistenceUnits;
    }

    /** The application's class loader while anything still holds it: undeploying must let it go. */
    public WeakReference<ClassLoader> classLoader() {
        return classLoader;
    }

    /** Stops the web modules and beans, closes the datasources, unbinds the names, releases the loader, deletes the files and timers. */
    void undeploy() {
        undo.run(name());
        discardState.run();
    }

    /** As {@link #undeploy()}, but the unpacked archive and its indexes stay for the next deployment of the same archive. */
    void stop() {
        unpacked.keepWhenRemoved();
        undo.run(name());
    }
}
