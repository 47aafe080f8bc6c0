package dev.isola.appserver.web;

import jakarta.servlet.ServletException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.IntSupplier;

/**
 * Publishes a context's compiled JSPs to the {@link JspCache} right after a request that made
 * Jasper load a JSP it had not loaded before, so that servers started while this one still runs
 * profit from every page it compiled (publishing only at undeploy would help no server of a fleet
 * that stays up, publishing only the first page would leave the others to every server). The
 * cache takes a new generation only when it holds more classes than the newest one.
 *
 * <p>A request costs a look at Jasper's count of loaded JSPs; when that count grew, a look at the
 * work directory. Jasper loads each JSP once, so the work directory is looked at once per page.
 */
final class JspPublishingValve extends ValveBase {

    private final JspCache cache;
    private final Path entry;
    private final Path workDirectory;
    private final IntSupplier loadedJsps;
    private volatile int loadedAtLastLook;

    /** @param loadedJsps how many JSPs the context's Jasper has loaded (restored or compiled) so far */
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
            if (loadedJsps.getAsInt() > loadedAtLastLook) {
                publish();
            }
        }
    }

    /** Publishes what the work directory holds now, if that is more than the cache's newest generation. */
    synchronized void publish() {
        loadedAtLastLook = loadedJsps.getAsInt();
        cache.publish(entry, workDirectory);
    }
}
