package dev.isola.loadtests.standalone;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** A port on loopback that nothing listens on at the moment of asking, for the servers the benchmarks start. */
public final class LoopbackPort {

    private LoopbackPort() {
    }

    public static int free() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }
}
