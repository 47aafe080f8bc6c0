package dev.isola.mvm.isolate.workloads;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A spare's warm-up: leaves a mark the purpose it is taken over for can see (the same JVM), and
 * returns. With the argument {@code fail} it throws instead, as a broken warm-up would. With
 * {@code hold-connection SECONDS} it leaves the client's side of a loopback TCP connection open for
 * that long, as a warm-up whose connection is still closing would. With {@code compile} it runs
 * {@link #spin} until C2 has compiled it, as a warm-up leaves its hot paths compiled.
 */
public final class WarmUp {

    /** How {@code Compiler.codelist} names {@link #spin}. */
    public static final String SPIN = WarmUp.class.getName() + ".spin(J)J";

    static long spin(long seed) {
        long x = seed;
        for (int i = 0; i < 64; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }

    public static void main(String[] args) throws IOException {
        if (args.length > 0 && args[0].equals("fail")) {
            throw new IllegalStateException("no database to warm up with");
        }
        if (args.length > 1 && args[0].equals("hold-connection")) {
            long millis = Long.parseLong(args[1]) * 1000;
            ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
            Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
            // The server's side ends at once, as a warm-up domain's Tomcat stops: the client's side stays, closed by the peer.
            server.accept().close();
            server.close();
            Thread.ofPlatform().daemon().start(() -> {
                try {
                    Thread.sleep(millis);
                    client.close();
                } catch (InterruptedException | IOException e) {
                    throw new IllegalStateException(e);
                }
            });
        }
        if (args.length > 0 && args[0].equals("compile")) {
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
            long sum = 0;
            while (!CompiledCode.inUse(SPIN, 4)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("C2 did not compile " + SPIN + " within 60 s");
                }
                for (int i = 0; i < 10_000; i++) {
                    sum += spin(i);
                }
            }
            System.setProperty("test.spin.sum", Long.toString(sum));
        }
        System.setProperty("test.warmed.by", "WarmUp in pid " + ProcessHandle.current().pid());
    }
}
