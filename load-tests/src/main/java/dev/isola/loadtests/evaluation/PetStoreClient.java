package dev.isola.loadtests.evaluation;

import java.io.IOException;
import java.net.ConnectException;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

/** Waits for a server's first answer and sends it the short fixed workload of the footprint experiment. */
final class PetStoreClient {

    /** The pages a browsing customer sees, as the image's training run browses them. */
    static final List<String> PAGES = List.of("/petstore/", "/petstore/category?id=FISH", "/petstore/product?id=FI-KOI",
            "/petstore/item?id=I-1005", "/petstore/search?q=retriever", "/petstore/cart", "/petstore/signon");
    private static final Duration POLL = Duration.ofMillis(25);

    private PetStoreClient() {
    }

    /**
     * Polls {@code http://127.0.0.1:port/path} until it answers 200 ({@code anyStatus}: any HTTP
     * answer at all) and returns when it did.
     *
     * @param alive false once the server cannot answer any more (its process ended)
     * @throws IOException naming the URL when it did not answer in time or the server died
     */
    static void awaitAnswer(int port, String path, boolean anyStatus, Duration timeout, BooleanSupplier alive)
            throws IOException, InterruptedException {
        URI uri = URI.create("http://127.0.0.1:" + port + path);
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()) {
            while (System.nanoTime() < deadline) {
                if (!alive.getAsBoolean()) {
                    throw new IOException("the server behind " + uri + " ended before it answered (last: " + last + ")");
                }
                try {
                    int status = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build(),
                            HttpResponse.BodyHandlers.discarding()).statusCode();
                    if (status == 200 || anyStatus) {
                        return;
                    }
                    last = "HTTP " + status;
                } catch (ConnectException | HttpTimeoutException e) {
                    last = e.getClass().getSimpleName();
                }
                Thread.sleep(POLL);
            }
        }
        throw new IOException(uri + " did not answer " + (anyStatus ? "" : "200 ") + "within " + timeout.toSeconds() + " s (last: " + last + ")");
    }

    /** {@code rounds} times every page of {@link #PAGES} and an add-to-cart, in one session; fails on any status but 200. */
    static void exercise(int port, int rounds) throws IOException, InterruptedException {
        String base = "http://127.0.0.1:" + port;
        try (HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager()).followRedirects(HttpClient.Redirect.NORMAL).build()) {
            for (int round = 0; round < rounds; round++) {
                for (String page : PAGES) {
                    check(http.send(HttpRequest.newBuilder(URI.create(base + page)).build(), HttpResponse.BodyHandlers.discarding()), base + page);
                }
                HttpRequest add = HttpRequest.newBuilder(URI.create(base + "/petstore/cart"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString("action=add&itemId=I-1005&quantity=1")).build();
                check(http.send(add, HttpResponse.BodyHandlers.discarding()), base + "/petstore/cart (add)");
            }
        }
    }

    private static void check(HttpResponse<Void> response, String what) throws IOException {
        if (response.statusCode() != 200) {
            throw new IOException(what + " answered HTTP " + response.statusCode() + " during the workload");
        }
    }
}
