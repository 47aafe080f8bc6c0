package dev.isola.appserver.web;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletException;
import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

/**
 * The first valve of a web module's context: counts each request the module answers in its
 * {@link RequestStatistics}, with its status and the time from the valve to the response.
 *
 * <p>A request that goes asynchronous ({@code startAsync}) is answered when its async context
 * completes, not when the servlet returns, so it is counted then, by a listener; the dispatches
 * back into the module that such a request may make ({@code AsyncContext.dispatch}) are parts of
 * it, not requests of their own. Requests for a path no module serves never reach a context and
 * are not counted.
 */
final class RequestMetricsValve extends ValveBase {

    /** The request note that marks a request as counted already: its async dispatches pass through. */
    private static final String COUNTED = RequestMetricsValve.class.getName();

    private final RequestStatistics statistics;

    RequestMetricsValve(RequestStatistics statistics) {
        super(true);
        this.statistics = statistics;
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        if (request.getNote(COUNTED) != null) {
            getNext().invoke(request, response);
            return;
        }
        // Marked by a note rather than told by the dispatcher type, which counted an async dispatch a second time (RequestMetricsTest).
        request.setNote(COUNTED, Boolean.TRUE);
        long start = System.nanoTime();
        statistics.begin();
        boolean answered = false;
        try {
            getNext().invoke(request, response);
            answered = true;
        } finally {
            if (!answered) {
                // What escaped the module's pipeline becomes a 500 on its way out.
                statistics.end(500, System.nanoTime() - start);
            } else if (request.isAsyncStarted()) {
                request.getAsyncContext().addListener(new Completion(start, response));
            } else {
                statistics.end(response.getStatus(), System.nanoTime() - start);
            }
        }
    }

    /** Counts an asynchronous request once its response is complete: after a timeout or an error too, the container completes it. */
    private final class Completion implements AsyncListener {
        private final long start;
        private final Response response;

        Completion(long start, Response response) {
            this.start = start;
            this.response = response;
        }

        @Override
        public void onComplete(AsyncEvent event) {
            statistics.end(response.getStatus(), System.nanoTime() - start);
        }

        @Override
        public void onTimeout(AsyncEvent event) {
        }

        @Override
        public void onError(AsyncEvent event) {
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            // A new async cycle started from a dispatch: this listener must hear its completion too.
            event.getAsyncContext().addListener(this);
        }
    }
}
