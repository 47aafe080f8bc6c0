package dev.isola.appserver.web;

import jakarta.servlet.ServletException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntSupplier;

/**
 * Publishes a context's compiled JSPs to the {@link JspCache} right after the first request that
 * left compiled classes in its work directory, so that servers started while this one still runs
 * profit from it (publishing only at undeploy would help no server of a fleet that stays up).
 *
 * <p>Until then a request costs a look at Jasper's count of loaded JSPs, and one at the work
 * directory when that count grew; once the entry exists (this server's or another's: the first
 * writer wins) a request costs one volatile read.
 */
final class JspPublishingValve extends ValveBase {

    private final JspCache cache;
    private final Path entry;
    private final Path workDirectory;
    private final IntSupplier loadedJsps;
    private volatile boolean done;
    private volatile int loadedAtLastLook;

    /** @param loadedJsps how many JSPs the context's Jasper has loaded (compiled) so far */
    JspPublishingValve(JspCache cache, Path entry, Path workDirectory, IntSupplier loadedJsps) {
        super(true);
        this.loadedJsps = loadedJsps;
        this.cache = cache;
        this.entry = entry;
        this.workDirectory = workDirectory;
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        try {
            getNext().invoke(request, response);
        } finally {
            if (!done && loadedJsps.getAsInt() > loadedAtLastLook) {
                publish();
            }
        }
    }

    /** Publishes now if the entry does not exist yet and something was compiled. */
    void publish() {
        synchronized (this) {
            if (done) {
                return;
            }
            loadedAtLastLook = loadedJsps.getAsInt();
            done = Files.exists(entry) || cache.publish(entry, workDirectory);
        }
    }
}
