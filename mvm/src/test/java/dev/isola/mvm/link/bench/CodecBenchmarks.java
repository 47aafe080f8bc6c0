package dev.isola.mvm.link.bench;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import dev.isola.mvm.link.codec.ClassAllowList;
import dev.isola.mvm.link.codec.ObjectCodec;
import org.objenesis.strategy.StdInstantiatorStrategy;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.concurrent.TimeUnit;

/**
 * One deep copy (encode, then decode) of the shapes from the related work, with our codec (a
 * link's Fory session, class descriptions sent once), Kryo (the other candidate) and JDK
 * serialization (fresh streams per message, as each message must stand alone).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CodecBenchmarks {

    /** The binary tree node of the related work's benchmark. */
    public static final class Node implements Serializable {
        final int value;
        final Node left;
        final Node right;

        Node(int value, Node left, Node right) {
            this.value = value;
            this.left = left;
            this.right = right;
        }
    }

    /** A typical small message. */
    public record Small(long id, String name, int quantity) implements Serializable {
    }

    static Node tree(int depth, int[] counter) {
        if (depth == 0) {
            return null;
        }
        int value = counter[0]++;
        return new Node(value, tree(depth - 1, counter), tree(depth - 1, counter));
    }

    private final int[] ints = new int[65536];
    private final Node tree = tree(10, new int[1]);
    private final Small small = new Small(42, "order-42", 3);
    private ObjectCodec.Encoder encoder;
    private ObjectCodec.Decoder decoder;
    private Kryo kryo;
    private final Output kryoOut = new Output(1 << 16, -1);
    private final Input kryoIn = new Input();
    private final ByteArrayOutputStream jdkBytes = new ByteArrayOutputStream(1 << 19);

    @Setup
    public void setUp() {
        for (int i = 0; i < ints.length; i++) {
            ints[i] = i * 0x9E3779B1;
        }
        encoder = ObjectCodec.newEncoder();
        decoder = ObjectCodec.newDecoder(ClassAllowList.defaults().allow(Node.class, Small.class));
        kryo = new Kryo();
        kryo.setRegistrationRequired(false);
        kryo.setReferences(true);
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
    }

    private Object ours(Object value) {
        int n = encoder.encode(value, decoder.epoch());
        return decoder.decode(encoder.array(), 0, n);
    }

    private Object kryo(Object value) {
        kryoOut.reset();
        kryo.writeClassAndObject(kryoOut, value);
        kryoIn.setBuffer(kryoOut.getBuffer(), 0, kryoOut.position());
        return kryo.readClassAndObject(kryoIn);
    }

    private Object jdk(Object value) throws IOException, ClassNotFoundException {
        jdkBytes.reset();
        try (ObjectOutputStream out = new ObjectOutputStream(jdkBytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(jdkBytes.toByteArray()))) {
            return in.readObject();
        }
    }

    @Benchmark
    public Object intArrayOurs() {
        return ours(ints);
    }

    @Benchmark
    public Object intArrayKryo() {
        return kryo(ints);
    }

    @Benchmark
    public Object intArrayJdk() throws Exception {
        return jdk(ints);
    }

    @Benchmark
    public Object treeOurs() {
        return ours(tree);
    }

    @Benchmark
    public Object treeKryo() {
        return kryo(tree);
    }

    @Benchmark
    public Object treeJdk() throws Exception {
        return jdk(tree);
    }

    @Benchmark
    public Object smallOurs() {
        return ours(small);
    }

    @Benchmark
    public Object smallKryo() {
        return kryo(small);
    }

    @Benchmark
    public Object smallJdk() throws Exception {
        return jdk(small);
    }
}
