package dev.isola.admin.supervise;

import dev.isola.domains.control.MemberMetrics;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** An application's requests summed over its web modules and the isolates that serve them, and nothing for one that has none. */
class ApplicationRequestsTest {

    private static final List<Double> BOUNDS = List.of(0.1, 1.0);

    @Test
    void sumsTheApplicationsModulesAcrossIsolatesAndLeavesOtherApplicationsOut() {
        MemberMetrics web = metrics(module("shop", "shop.war", List.of(0L, 90L, 5L, 3L, 2L), 5.0, 1),
                module("shop", "admin.war", List.of(0L, 10L, 0L, 0L, 0L), 1.0, 0),
                module("blog", "blog.war", List.of(0L, 1000L, 0L, 0L, 7L), 100.0, 4));
        MemberMetrics other = metrics(module("shop", "api.war", List.of(1L, 99L, 0L, 0L, 0L), 4.0, 2));

        ApplicationRequests shop = ApplicationRequests.of("shop", List.of(web, other)).orElseThrow();

        assertEquals(new ApplicationRequests(210, 3, 2, 10_000.0 / 210, 3), shop);
    }

    @Test
    void anApplicationWithoutAWebModuleOrWithoutRequestsYet() {
        MemberMetrics web = metrics(module("shop", "shop.war", List.of(0L, 0L, 0L, 0L, 0L), 0.0, 0));
        assertEquals(Optional.empty(), ApplicationRequests.of("batch", List.of(web)));
        assertEquals(Optional.of(new ApplicationRequests(0, 0, 0, 0, 0)), ApplicationRequests.of("shop", List.of(web)));
        assertEquals(Optional.empty(), ApplicationRequests.of("shop", List.of()));
    }

    @Test
    void figuresThatDoNotFitTheBucketsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new MemberMetrics.WebModuleMetrics("shop", "shop.war", "/shop",
                List.of(0L, 1L, 0L, 0L, 0L), BOUNDS, List.of(1L, 0L), 0.1, 0));
        assertThrows(IllegalArgumentException.class, () -> new MemberMetrics.WebModuleMetrics("shop", "shop.war", "/shop",
                List.of(0L, 1L), BOUNDS, List.of(1L, 0L, 0L), 0.1, 0));
    }

    @Test
    void inOneLineTheCountTheErrorsThereAreAndTheMeanTime() {
        assertEquals("0", new ApplicationRequests(0, 0, 0, 0, 0).summary());
        assertEquals("1,234 · mean 12 ms", new ApplicationRequests(1234, 0, 0, 12.4, 0).summary());
        assertEquals("1,234 · 1 server error · 20 client errors · mean 13 ms",
                new ApplicationRequests(1234, 20, 1, 12.6, 2).summary());
    }

    private static MemberMetrics metrics(MemberMetrics.WebModuleMetrics... modules) {
        return new MemberMetrics(Instant.now(), 1, List.of(), List.of(modules), List.of());
    }

    private static MemberMetrics.WebModuleMetrics module(String application, String module, List<Long> byStatusClass, double seconds, long active) {
        long total = byStatusClass.stream().mapToLong(Long::longValue).sum();
        return new MemberMetrics.WebModuleMetrics(application, module, "/" + module, byStatusClass, BOUNDS, List.of(total, 0L, 0L), seconds, active);
    }
}
