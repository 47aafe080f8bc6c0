package dev.isola.mvm.link.bench;

import dev.isola.mvm.image.Image;
import dev.isola.mvm.invoke.Invoker;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.MemorySize;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkMessage;
import dev.isola.mvm.link.LinkOptions;
import dev.isola.mvm.link.TransportKind;
import dev.isola.mvm.link.codec.ClassAllowList;
import dev.isola.mvm.link.codec.ObjectCodec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Links against the usual ways for two JVMs on one machine to talk, all measured against the
 * same peer process ({@link BenchPeer}, an isolate started per fork). Round trips and transfers
 * are average times; one-way sends are throughput.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LinkBenchmarks {

    static final int SMALL = 64;
    static final int MIB = 1 << 20;

    private final byte[] small = new byte[SMALL];
    private final byte[] mebibyte = new byte[MIB];
    private Isolate peer;
    private Link shmOut;
    private Link shmIn;
    private Link udsOut;
    private Link udsIn;
    private Link sinkShm;
    private Link sinkUds;
    private EchoService invoker;
    private Echo rmi;
    private Socket jdkSocket;
    private ObjectOutputStream jdkOut;
    private ObjectInputStream jdkIn;
    private int jdkCalls;
    private Socket codecSocket;
    private DataOutputStream codecOut;
    private DataInputStream codecIn;
    private ObjectCodec.Encoder codecEncoder;
    private ObjectCodec.Decoder codecDecoder;
    private final byte[] codecBuffer = new byte[1 << 16];
    private Socket sinkSocket;
    private DataOutputStream sinkTcp;

    @Setup(Level.Trial)
    public void startPeer() throws Exception {
        Arrays.fill(small, (byte) 7);
        Arrays.fill(mebibyte, (byte) 9);
        Image image = new Image("bench", Path.of(System.getProperty("java.home")),
                Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).filter(s -> !s.isBlank()).map(Path::of).toList());
        IsolateSpec.Builder spec = IsolateSpec.builder(BenchPeer.class.getName()).name("bench-peer").image(image)
                .maxHeap(MemorySize.parse("256m")).systemProperty("java.rmi.server.hostname", "127.0.0.1");
        // Tuning of the links' wait policy, if any, applies to both sides.
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("mvm.links."))
                .forEach(k -> spec.systemProperty(k, System.getProperty(k)));
        peer = new Isolate(spec.build());
        Isolate me = Isolate.current();
        LinkOptions big = LinkOptions.DEFAULTS.withCapacity(4 * MIB);
        shmOut = Link.newLink(me, peer, big);
        shmIn = Link.newLink(peer, me);
        udsOut = Link.newLink(me, peer, big.withTransport(TransportKind.UNIX_SOCKET));
        udsIn = Link.newLink(peer, me, LinkOptions.DEFAULTS.withTransport(TransportKind.UNIX_SOCKET));
        Link invokeOut = Link.newLink(me, peer);
        Link invokeIn = Link.newLink(peer, me);
        sinkShm = Link.newLink(me, peer);
        sinkUds = Link.newLink(me, peer, LinkOptions.DEFAULTS.withTransport(TransportKind.UNIX_SOCKET));
        peer.start(shmOut, shmIn, udsOut, udsIn, invokeOut, invokeIn, sinkShm, sinkUds);

        String[] ports = ((LinkMessage.Text) shmIn.receive()).text().split(" ");
        byte[] stub = ((LinkMessage.Bytes) shmIn.receive()).data();
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(stub))) {
            rmi = (Echo) in.readObject();
        }
        invoker = Invoker.proxy(EchoService.class, new LinkPair(invokeOut, invokeIn));
        InetAddress loopback = InetAddress.getLoopbackAddress();
        jdkSocket = new Socket(loopback, Integer.parseInt(ports[0]));
        jdkSocket.setTcpNoDelay(true);
        jdkOut = new ObjectOutputStream(new BufferedOutputStream(jdkSocket.getOutputStream()));
        jdkOut.flush();
        jdkIn = new ObjectInputStream(new BufferedInputStream(jdkSocket.getInputStream()));
        codecSocket = new Socket(loopback, Integer.parseInt(ports[1]));
        codecSocket.setTcpNoDelay(true);
        codecOut = new DataOutputStream(new BufferedOutputStream(codecSocket.getOutputStream()));
        codecIn = new DataInputStream(new BufferedInputStream(codecSocket.getInputStream()));
        codecEncoder = ObjectCodec.newEncoder();
        codecDecoder = ObjectCodec.newDecoder(ClassAllowList.defaults());
        sinkSocket = new Socket(loopback, Integer.parseInt(ports[2]));
        sinkSocket.setTcpNoDelay(true);
        sinkTcp = new DataOutputStream(new BufferedOutputStream(sinkSocket.getOutputStream()));
    }

    @TearDown(Level.Trial)
    public void stopPeer() throws Exception {
        jdkSocket.close();
        codecSocket.close();
        sinkSocket.close();
        // An orderly exit: the peer closes its link ends, and the last one out deletes the files.
        peer.exit(0).get(30, TimeUnit.SECONDS);
        for (Link link : new Link[]{shmOut, shmIn, udsOut, udsIn, sinkShm, sinkUds}) {
            link.close();
        }
    }

    /** 64 bytes there and back over a shared-memory link. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    public byte[] roundTripLink() {
        shmOut.send(LinkMessage.of(small));
        return ((LinkMessage.Bytes) shmIn.receive()).data();
    }

    /** 64 bytes there and back over the Unix-socket link transport. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    public byte[] roundTripUnixSocket() {
        udsOut.send(LinkMessage.of(small));
        return ((LinkMessage.Bytes) udsIn.receive()).data();
    }

    /** A call with a 64-byte argument and result through a link-invoker proxy (our codec). */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    public byte[] callLinkInvoker() {
        return invoker.echo(small);
    }

    /** The same call through Java RMI on loopback. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    public byte[] callRmi() throws Exception {
        return rmi.echo(small);
    }

    /** The same exchange over loopback TCP with JDK serialization. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    public Object callTcpJdkSerialization() throws Exception {
        jdkOut.writeUnshared(small);
        if (++jdkCalls % 1000 == 0) {
            jdkOut.reset();
        }
        jdkOut.flush();
        return jdkIn.readUnshared();
    }

    /** The same exchange over loopback TCP with our codec: the link's own work minus the link. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    public Object callTcpSameCodec() throws Exception {
        int n = codecEncoder.encode(small, 0);
        codecOut.writeInt(n);
        codecOut.write(codecEncoder.array(), 0, n);
        codecOut.flush();
        int length = codecIn.readInt();
        codecIn.readFully(codecBuffer, 0, length);
        return codecDecoder.decode(codecBuffer, 0, length);
    }

    /** 64-byte messages one way over a shared-memory link, as fast as the receiver takes them. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public void oneWayLink() {
        sinkShm.send(LinkMessage.of(small));
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public void oneWayUnixSocket() {
        sinkUds.send(LinkMessage.of(small));
    }

    /** 64-byte frames one way over loopback TCP, flushed one by one like link messages. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public void oneWayTcp() throws Exception {
        sinkTcp.writeInt(SMALL);
        sinkTcp.write(small);
        sinkTcp.flush();
    }

    /** 1 MiB copied to the peer (into and out of the ring) until the peer acknowledges it. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    public Object transfer1MiBCopy() {
        shmOut.send(LinkMessage.of(mebibyte));
        return shmIn.receive();
    }

    /**
     * 1 MiB migrated to the peer (ownership moves, nothing is copied) until the peer acknowledges
     * it. The buffer is taken from the link's pool inside the measured time; its contents are
     * whatever the pool's memory held, as the copy's array is filled once.
     */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    public Object transfer1MiBMigrate() {
        shmOut.send(LinkMessage.migrate(shmOut.newBuffer(MIB)));
        return shmIn.receive();
    }
}
