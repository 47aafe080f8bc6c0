package dev.isola.mvm.isolate;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TcpConnectionsTest {

    private static final String TCP_HEADER = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode";

    @Test
    void namesTheConnectionsOfTheGivenSocketsButNotListeners() {
        List<String> table = List.of(TCP_HEADER,
                "   0: 0100007F:12E0 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 111 1 0 100 0 0 10 0",
                "   1: 0100007F:A1B2 0100007F:12E0 01 00000000:00000000 00:00000000 00000000     0        0 222 1 0 20 4 30 10 -1",
                "   2: 0100007F:A1B3 0100007F:1F90 08 00000000:00000000 00:00000000 00000000     0        0 333 1 0 20 4 30 10 -1",
                "   3: 0100007F:A1B4 0100007F:1F90 01 00000000:00000000 00:00000000 00000000     0        0 444 1 0 20 4 30 10 -1");

        // 444 is another process's socket.
        assertEquals(List.of("127.0.0.1:41394 -> 127.0.0.1:4832 ESTABLISHED", "127.0.0.1:41395 -> 127.0.0.1:8080 CLOSE_WAIT"),
                TcpConnections.connections(table, Set.of("111", "222", "333")));
    }

    @Test
    void readsIpv6RowsAndMapsIpv4Addresses() {
        List<String> table = List.of(TCP_HEADER,
                "   0: 0000000000000000FFFF00000100007F:A295 0000000000000000FFFF00000100007F:0CEA 01 00000000:00000000 00:00000000 00000000     0        0 555 1 0",
                "   1: 00000000000000000000000001000000:A296 00000000000000000000000001000000:0CEA 06 00000000:00000000 00:00000000 00000000     0        0 666 1 0");

        assertEquals(List.of("127.0.0.1:41621 -> 127.0.0.1:3306 ESTABLISHED", "[0:0:0:0:0:0:0:1]:41622 -> [0:0:0:0:0:0:0:1]:3306 TIME_WAIT"),
                TcpConnections.connections(table, Set.of("555", "666")));
    }

    @Test
    void anEmptyOrHeaderOnlyTableHasNone() {
        assertEquals(List.of(), TcpConnections.connections(List.of(), Set.of("1")));
        assertEquals(List.of(), TcpConnections.connections(List.of(TCP_HEADER), Set.of("1")));
    }

    @Test
    void findsThisProcesssOwnOpenConnection() throws IOException {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
             Socket accepted = server.accept()) {
            List<String> connections = TcpConnections.of(ProcessHandle.current().pid());

            String expected = "127.0.0.1:" + client.getLocalPort() + " -> 127.0.0.1:" + server.getLocalPort() + " ESTABLISHED";
            assertTrue(connections.contains(expected), expected + " in " + connections);
            String acceptedSide = "127.0.0.1:" + server.getLocalPort() + " -> 127.0.0.1:" + accepted.getPort() + " ESTABLISHED";
            assertTrue(connections.contains(acceptedSide), acceptedSide + " in " + connections);
            assertTrue(connections.stream().noneMatch(c -> c.endsWith("LISTEN")), "a listening socket is no connection: " + connections);
        }
    }

    @Test
    void aProcessThatIsGoneHasNone() {
        assertEquals(List.of(), TcpConnections.of(Long.MAX_VALUE));
    }
}
