package dev.isola.mvm.link.bench;

import dev.isola.mvm.link.codec.ClassAllowList;
import dev.isola.mvm.link.codec.ObjectCodec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Where the time of a deep copy of {@code int[65536]} goes ({@link CodecBenchmarks#intArrayOurs}):
 * the codec's encode and decode halves on their own, against what any copy through bytes must
 * at least do: allocate the receiver's array, and copy 256 KiB into bytes and out again.
 * Not part of {@link LinkBenchmarkRunner}'s set; run on its own (see {@code docs/results/links}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CodecBreakdownBenchmarks {

    private final int[] ints = new int[65536];
    private final byte[] bytes = new byte[ints.length * Integer.BYTES];
    private ObjectCodec.Encoder encoder;
    private ObjectCodec.Decoder decoder;
    private byte[] encoded;

    @Setup
    public void setUp() {
        for (int i = 0; i < ints.length; i++) {
            ints[i] = i * 0x9E3779B1;
        }
        encoder = ObjectCodec.newEncoder();
        decoder = ObjectCodec.newDecoder(ClassAllowList.defaults());
        int length = encoder.encode(ints, decoder.epoch());
        encoded = Arrays.copyOf(encoder.array(), length);
        if (!Arrays.equals(ints, (int[]) decoder.decode(encoded, 0, encoded.length))) {
            throw new IllegalStateException("the codec did not copy the array");
        }
    }

    /** The sending half: 256 KiB into the encoder's (reused) buffer. */
    @Benchmark
    public int encode() {
        return encoder.encode(ints, decoder.epoch());
    }

    /** The receiving half: a new array, filled from the bytes. */
    @Benchmark
    public Object decode() {
        return decoder.decode(encoded, 0, encoded.length);
    }

    /** The receiver's new array alone. */
    @Benchmark
    public Object allocate() {
        return new int[ints.length];
    }

    /** An in-heap copy with no bytes in between: allocation plus one copy. */
    @Benchmark
    public Object cloneArray() {
        return ints.clone();
    }

    /** The floor of a copy through bytes: bulk copy into a reused byte array, then into a new array. */
    @Benchmark
    public Object bulkThroughBytes() {
        MemorySegment.copy(ints, 0, MemorySegment.ofArray(bytes), ValueLayout.JAVA_INT_UNALIGNED, 0, ints.length);
        int[] copy = new int[ints.length];
        MemorySegment.copy(MemorySegment.ofArray(bytes), ValueLayout.JAVA_INT_UNALIGNED, 0, copy, 0, copy.length);
        return copy;
    }
}
