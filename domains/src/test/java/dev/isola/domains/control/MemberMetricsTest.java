package dev.isola.domains.control;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The figures a domain isolate of an earlier build sends (adopted by an upgraded admin isolate,
 * running its old code until restarted) still read: its {@code MemberMetrics} had no web modules.
 */
class MemberMetricsTest {

    /** {@link MemberMetrics} as the build before the request counters had it; a name of the same length, see below. */
    record MemberMetrica(Instant at, int applications, List<MemberMetrics.DestinationMetrics> jmsDestinations) implements Serializable {
    }

    @Test
    void figuresWithoutWebModulesFromAnEarlierBuildReadAsNoWebModules() throws Exception {
        MemberMetrics.DestinationMetrics orders = new MemberMetrics.DestinationMetrics("orders", "queue", 1, 0, 1, 5, 4, 0, 0);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new MemberMetrica(Instant.EPOCH, 2, List.of(orders)));
        }
        // The stream as the earlier build wrote it: the same class name, three components.
        byte[] old = replace(bytes.toByteArray(), "MemberMetricsTest$MemberMetrica", "MemberMetrics\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0");
        Object read;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(old))) {
            read = in.readObject();
        }
        assertEquals(new MemberMetrics(Instant.EPOCH, 2, List.of(orders), List.of(), List.of()), read);
        assertTrue(((MemberMetrics) read).webModules().isEmpty());
    }

    /** Replaces a class name in a serialization stream, fixing the two-byte length before it. */
    private static byte[] replace(byte[] stream, String from, String toPadded) {
        String to = toPadded.replace("\0", "");
        byte[] f = ("dev.isola.domains.control." + from).getBytes(StandardCharsets.UTF_8);
        byte[] t = ("dev.isola.domains.control." + to).getBytes(StandardCharsets.UTF_8);
        for (int i = 2; i + f.length <= stream.length; i++) {
            boolean match = true;
            for (int j = 0; j < f.length && match; j++) {
                match = stream[i + j] == f[j];
            }
            if (match && ((stream[i - 2] & 0xff) << 8 | (stream[i - 1] & 0xff)) == f.length) {
                byte[] out = new byte[stream.length - f.length + t.length];
                System.arraycopy(stream, 0, out, 0, i - 2);
                out[i - 2] = (byte) (t.length >> 8);
                out[i - 1] = (byte) t.length;
                System.arraycopy(t, 0, out, i, t.length);
                System.arraycopy(stream, i + f.length, out, i + t.length, stream.length - i - f.length);
                assertArrayEquals(t, java.util.Arrays.copyOfRange(out, i, i + t.length));
                return out;
            }
        }
        throw new AssertionError("no class name " + from + " in the stream");
    }
}
