package dev.isola.loadtests.standalone;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Polls a page of a server that is starting until it answers as wanted: the one wait of the
 * benchmarks (the evaluation's time to a first Pet Store page, the throughput benchmark's servers
 * ready for load). Polls often (every 25 ms), so that a measured wait ends close to the first
 * answer, and gives up with the last thing it saw, or at once when the server has ended.
 */
public final class PageWait {

    private static final Duration POLL = Duration.ofMillis(25);

    /** Why the server behind the page can no longer answer, or empty while it may. */
    @FunctionalInterface
    public interface Ended {
        Optional<String> why();

        /** For servers whose end another wait notices (an isolate whose admin reports it). */
        Ended NEVER = Optional::empty;
    }

    private PageWait() {
    }

    /** An answer with status 200. */
    public static Predicate<HttpResponse<String>> ok() {
        return response -> response.statusCode() == 200;
    }

    /** Any HTTP answer: the server listens (an idle server with no application answers 404). */
    public static Predicate<HttpResponse<String>> anyStatus() {
        return response -> true;
    }

    /** An answer with status 200 whose body contains {@code text}. */
    public static Predicate<HttpResponse<String>> okContaining(String text) {
        return response -> response.statusCode() == 200 && response.body().contains(text);
    }

    /**
     * Returns once {@code page} answers as {@code wanted} says.
     *
     * @param wanted  what counts, e.g. {@link #ok()}; {@code describe} names it in the error
     * @throws IOException when the timeout passes first, or the server ends first, saying what it last answered
     */
    public static void until(URI page, Predicate<HttpResponse<String>> wanted, String describe, Duration timeout, Ended ended)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()) {
            while (System.nanoTime() < deadline) {
                Optional<String> why = ended.why();
                if (why.isPresent()) {
                    throw new IOException("the server behind " + page + " ended before it answered (last: " + last + "): " + why.get());
                }
                try {
                    HttpResponse<String> response = http.send(HttpRequest.newBuilder(page).timeout(Duration.ofSeconds(30)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    if (wanted.test(response)) {
                        return;
                    }
                    last = "HTTP " + response.statusCode();
                } catch (ConnectException | HttpTimeoutException e) {
                    last = e.getClass().getSimpleName();
                }
                Thread.sleep(POLL);
            }
        }
        throw new IOException(page + " did not answer with " + describe + " within " + timeout.toSeconds() + " s (last: " + last + ")");
    }
}
