package dev.isola.loadtests.evaluation;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TableTest {

    @TempDir
    Path dir;

    @Test
    void rowsGoToTheCsvAsTheyComeAndMediansSelectByColumn() throws Exception {
        Table table = new Table(dir.resolve("out/t.csv"), List.of("setup", "n", "pss_mb"));
        table.add(row("MDC", 1, 10.0));
        table.add(row("MDC", 1, 30.0));
        table.add(row("MDC", 1, 20.0));
        table.add(row("MDC", 2, 40.0));
        table.add(row("MS-plain", 1, 100.0));
        table.add(row("MS-plain", 1, 200.0));

        assertEquals(List.of("setup,n,pss_mb", "MDC,1,10.0", "MDC,1,30.0", "MDC,1,20.0", "MDC,2,40.0", "MS-plain,1,100.0", "MS-plain,1,200.0"),
                Files.readAllLines(dir.resolve("out/t.csv")));
        assertEquals(20.0, table.median("pss_mb", Table.is("setup", "MDC").and(Table.is("n", 1))));
        assertEquals(150.0, table.median("pss_mb", Table.is("setup", "MS-plain")), "an even count gives the mean of the middle two");
        assertTrue(Double.isNaN(table.median("pss_mb", Table.is("setup", "MDS"))), "no rows, no median");
    }

    @Test
    void aRowWithOtherColumnsIsRefusedWithThemNamed() throws Exception {
        Table table = new Table(dir.resolve("t.csv"), List.of("setup", "n", "pss_mb"));
        Map<String, Object> wrong = new LinkedHashMap<>(Map.of("setup", "MDC", "n", 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> table.add(wrong));
        assertTrue(e.getMessage().contains("[setup, n, pss_mb]"), e.getMessage());
        assertEquals(List.of("setup,n,pss_mb"), Files.readAllLines(dir.resolve("t.csv")), "nothing written");
    }

    private static Map<String, Object> row(String setup, int n, double pss) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("setup", setup);
        row.put("n", n);
        row.put("pss_mb", pss);
        return row;
    }
}
