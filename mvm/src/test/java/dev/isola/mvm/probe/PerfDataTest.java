package dev.isola.mvm.probe;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reading a perf data file in each state a JVM leaves it in: published, sized but not yet
 * written, written but not yet accessible, and a file that is something else entirely.
 */
class PerfDataTest {

    private static final Path SOURCE = Path.of("/tmp/hsperfdata_test/4242");

    /** A little-endian perf data file as HotSpot lays it out on x86, with one long and one string counter. */
    private static byte[] published(boolean accessible) {
        ByteBuffer file = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);
        file.order(ByteOrder.BIG_ENDIAN).putInt(0, 0xcafec0c0).order(ByteOrder.LITTLE_ENDIAN);
        file.put(4, (byte) 1);  // little endian
        file.put(5, (byte) 2);  // major version
        file.put(7, (byte) (accessible ? 1 : 0));
        file.putInt(24, 32);    // entries start right after the prologue
        file.putInt(28, 2);
        int next = entry(file, 32, "sun.gc.generation.0.capacity", 'J', 0, data -> file.putLong(data, 6L << 20));
        entry(file, next, "java.property.java.vm.name", 'B', 16,
                data -> file.put(data, "OpenJDK 64\0".getBytes(StandardCharsets.US_ASCII)));
        return file.array();
    }

    private static int entry(ByteBuffer file, int at, String name, char type, int vectorLength, java.util.function.IntConsumer value) {
        byte[] nameBytes = (name + "\0").getBytes(StandardCharsets.US_ASCII);
        int dataOffset = 20 + nameBytes.length;
        int length = dataOffset + Math.max(8, vectorLength);
        file.putInt(at, length).putInt(at + 4, 20).putInt(at + 8, vectorLength).put(at + 12, (byte) type).putInt(at + 16, dataOffset);
        file.put(at + 20, nameBytes);
        value.accept(at + dataOffset);
        return at + length;
    }

    @Test
    void aPublishedFileGivesItsCounters() throws IOException {
        PerfData data = PerfData.parse(published(true), SOURCE).orElseThrow();
        assertEquals(6L << 20, data.get("sun.gc.generation.0.capacity", -1));
        assertEquals("OpenJDK 64", data.string("java.property.java.vm.name").orElseThrow());
        assertEquals(-1, data.get("sun.cls.loadedClasses", -1));
    }

    @Test
    void aFileTheJvmHasSizedButNotWrittenHasNoCountersYet() throws IOException {
        assertTrue(PerfData.parse(new byte[32 << 10], SOURCE).isEmpty());
        assertTrue(PerfData.parse(new byte[0], SOURCE).isEmpty(), "created, not yet sized");
    }

    @Test
    void aPrologueNotYetMarkedAccessibleHasNoCountersYet() throws IOException {
        assertTrue(PerfData.parse(published(false), SOURCE).isEmpty());
    }

    @Test
    void aFileThatIsSomethingElseIsNamedInTheError() {
        byte[] text = "#!/bin/sh\necho this is not perf data\n".getBytes(StandardCharsets.US_ASCII);
        IOException e = assertThrows(IOException.class, () -> PerfData.parse(text, SOURCE));
        assertTrue(e.getMessage().contains(SOURCE.toString()) && e.getMessage().contains("bad magic"), e.getMessage());
    }
}
