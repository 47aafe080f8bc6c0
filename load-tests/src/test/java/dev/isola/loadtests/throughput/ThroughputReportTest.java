package dev.isola.loadtests.throughput;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Ratios are taken round by round between the two configurations of a pair, and the files say so. */
class ThroughputReportTest {

    private static LoadResult result(String configuration, int round, double throughput, double p50) {
        return new LoadResult("database", configuration, round, 8, 20, (long) (throughput * 20), 0, throughput, p50, p50 * 2, p50 * 3);
    }

    private final ThroughputReport.Comparison database = new ThroughputReport.Comparison("database", "db", "a", "b", 1.11, "+11%");
    private final ThroughputReport report = new ThroughputReport(List.of(
            result("a", 1, 120, 5), result("b", 1, 100, 6),
            result("b", 2, 200, 4), result("a", 2, 200, 4),
            result("a", 3, 150, 5), result("b", 3, 100, 8)), List.of(database));

    @Test
    void ratiosPairTheSameRoundAndTheirMedianIsReported() {
        assertEquals(List.of(1.2, 1.0, 1.5), report.ratios(database, LoadResult::throughput));
        assertEquals(1.2, ThroughputReport.median(report.ratios(database, LoadResult::throughput)), 1e-9);
        assertEquals(150, report.median("a", LoadResult::throughput), 1e-9);
        assertEquals(2.5, ThroughputReport.median(List.of(1.0, 2.0, 3.0, 4.0)), 1e-9);
    }

    @Test
    void writesCsvPlotsAndAReadmeWithTheRatiosAndTheTarget(@TempDir Path out) throws Exception {
        report.write(out, "bin/bench-throughput --rounds 3", "a test", "nproc 2");
        List<String> csv = Files.readAllLines(out.resolve("throughput.csv"));
        assertEquals(7, csv.size());
        assertEquals("database,a,1,8,20.00,2400,0,120.0,5.000,10.000,15.000", csv.get(1));
        String readme = Files.readString(out.resolve("README.md"));
        assertTrue(readme.contains("`bin/bench-throughput --rounds 3`"), readme);
        assertTrue(readme.contains("**1.20** (+20% throughput; rounds: 1.20, 1.00, 1.50)"), readme);
        assertTrue(readme.contains("| 1.00 to 1.50 (75.0%) | ≥ 1.11: met by the median, not shown: the interval reaches below |"), readme);
        for (String png : List.of("throughput.png", "latency.png", "rounds.png")) {
            assertTrue(Files.size(out.resolve(png)) > 1000, png);
        }
    }

    @Test
    void aBaselineOfTwoComparisonsIsListedOnce(@TempDir Path out) throws Exception {
        ThroughputReport.Comparison other = new ThroughputReport.Comparison("database", "db'", "c", "b", 1.0, "-");
        ThroughputReport both = new ThroughputReport(List.of(result("a", 1, 120, 5), result("b", 1, 100, 6), result("c", 1, 90, 7)),
                List.of(database, other));
        both.write(out, "bin/bench-throughput", "a test", "nproc 2");
        String readme = Files.readString(out.resolve("README.md"));
        assertEquals(1, readme.lines().filter(line -> line.startsWith("| b |")).count(), readme);
        assertTrue(readme.contains("**0.90** (-10% throughput; rounds: 0.90)") && readme.contains("≥ 1.00: not met"), readme);
    }
}
