package dev.isola.mvm.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class IsolateTableTest {

    private static IsolateRow running(String name, long pid, long pssMb) {
        long mb = 1L << 20;
        return new IsolateRow(name, name + "-1a2b3c", pid, "demo", "RUNNING", "64m", "8m", 75, pssMb * mb, 80 * mb, 40 * mb, 40 * mb,
                4000L, 3960L, 99L, null);
    }

    @Test
    void aLinePerIsolateAlignedWithTotals() {
        String table = IsolateTable.render(List.of(running("demo-1", 4711, 50), running("demo-2", 4712, 48)), false);
        assertEquals("""
                NAME     PID  IMAGE  HEAP/YOUNG  UPTIME    PSS  SHARED  PRIVATE  CLASSES  CACHED
                demo-1  4711  demo   64m/8m        1:15  50.0M   40.0M    40.0M     4000     99%
                demo-2  4712  demo   64m/8m        1:15  48.0M   40.0M    40.0M     4000     99%
                2 running isolates: PSS 98.0M together (RSS 160.0M, of which 80.0M shared)
                """, table);
    }

    @Test
    void endedIsolatesShowTheirEndAndNoFigures() {
        IsolateRow ended = new IsolateRow("old", "old-9f", 4000L, "demo", "TERMINATED", "64m", "8m", 0, null, null, null, null, null, null, null,
                "exited with code 0");
        String table = IsolateTable.render(List.of(ended), true);
        assertEquals("""
                NAME   PID  IMAGE  STATE       HEAP/YOUNG  UPTIME  PSS  SHARED  PRIVATE  CLASSES  CACHED  ENDED
                old   4000  demo   TERMINATED  64m/8m           -    -       -        -        -       -  exited with code 0
                """, table);
    }
}
