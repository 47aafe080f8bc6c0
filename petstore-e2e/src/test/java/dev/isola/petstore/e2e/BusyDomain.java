package dev.isola.petstore.e2e;

import dev.isola.domains.isolate.DomainSpare;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Keeps a domain with the Pet Store busy until its log says something: a domain started in a
 * spare drops the warm-up's JIT state only once it is busy (SpareJitReset waits for 10 s of
 * processor time within a minute), so a test of the reset has to give it work.
 */
final class BusyDomain {

    private BusyDomain() {
    }

    /**
     * Browses {@link DomainSpare#PAGES} of the domain on {@code port}, every answer a 200, until a
     * line of {@code log} contains {@code fragment}, and returns that line; fails after {@code
     * atMost}.
     */
    static String browseUntilLogged(HttpClient http, int port, Path log, String fragment, Duration atMost) throws Exception {
        long deadline = System.nanoTime() + atMost.toNanos();
        int requests = 0;
        while (System.nanoTime() < deadline) {
            Optional<String> line = lineWith(log, fragment);
            if (line.isPresent()) {
                return line.get();
            }
            for (String path : DomainSpare.PAGES) {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, response.statusCode(), path + " after " + requests + " requests: " + response.body());
                requests++;
            }
        }
        Optional<String> line = lineWith(log, fragment);
        if (line.isEmpty()) {
            fail("no line with '" + fragment + "' in " + log + " after " + requests + " requests in " + atMost.toSeconds() + " s");
        }
        return line.get();
    }

    private static Optional<String> lineWith(Path log, String fragment) throws IOException {
        return Files.readAllLines(log).stream().filter(line -> line.contains(fragment)).findFirst();
    }
}
