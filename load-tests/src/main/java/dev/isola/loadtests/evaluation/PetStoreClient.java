package dev.isola.loadtests.evaluation;

import dev.isola.loadtests.standalone.PageWait;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/** Waits for a server's first answer and sends it the short fixed workload of the footprint experiment. */
final class PetStoreClient {

    /** The pages a browsing customer sees, as the image's training run browses them. */
    static final List<String> PAGES = List.of("/petstore/", "/petstore/category?id=FISH", "/petstore/product?id=FI-KOI",
            "/petstore/item?id=I-1005", "/petstore/search?q=retriever", "/petstore/cart", "/petstore/signon");

    private PetStoreClient() {
    }

    /**
     * Returns once {@code path} answers 200 (or anything, with {@code anyStatus}: a server without
     * the application answers 404), polling every 25 ms; {@code alive} false ends the wait early.
     */
    static void awaitAnswer(int port, String path, boolean anyStatus, Duration timeout, BooleanSupplier alive)
            throws IOException, InterruptedException {
        PageWait.until(URI.create("http://127.0.0.1:" + port + path), anyStatus ? PageWait.anyStatus() : PageWait.ok(),
                anyStatus ? "any status" : "200", timeout, () -> alive.getAsBoolean() ? Optional.empty() : Optional.of("its process exited"));
    }

    /**
     * A customer's session holds at most this many rounds: each adds one more of the same item to
     * the cart, which takes up to 99 of an item (the Pet Store's {@code Cart.MAX_QUANTITY}).
     */
    static final int ROUNDS_PER_SESSION = 90;

    /**
     * {@code rounds} times every page of {@link #PAGES} and an add-to-cart, in one session per
     * {@link #ROUNDS_PER_SESSION} rounds; fails on any status but 200.
     */
    static void exercise(int port, int rounds) throws IOException, InterruptedException {
        for (int done = 0; done < rounds; done += ROUNDS_PER_SESSION) {
            exerciseOneSession(port, Math.min(ROUNDS_PER_SESSION, rounds - done));
        }
    }

    private static void exerciseOneSession(int port, int rounds) throws IOException, InterruptedException {
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
