package dev.isola.appserver.web;

import jakarta.servlet.ServletException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Publishes a context's compiled JSPs to the {@link JspCache} right after the first request that
 * left compiled classes in its work directory, so that servers started while this one still runs
 * profit from it (publishing only at undeploy would help no server of a fleet that stays up).
 *
 * <p>Until then every request costs a look at the work directory; once the entry exists (this
 * server's or another's: the first writer wins) it costs one volatile read.
 */
final class JspPublishingValve extends ValveBase {

    private final JspCache cache;
    private final Path entry;
    private final Path workDirectory;
    private volatile boolean done;

    JspPublishingValve(JspCache cache, Path entry, Path workDirectory) {
        super(true);
        this.cache = cache;
        this.entry = entry;
        this.workDirectory = workDirectory;
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        try {
            getNext().invoke(request, response);
        } finally {
            if (!done) {
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
            done = Files.exists(entry) || cache.publish(entry, workDirectory);
        }
    }
}
