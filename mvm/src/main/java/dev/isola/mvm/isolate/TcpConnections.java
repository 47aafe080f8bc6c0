package dev.isola.mvm.isolate;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteOrder;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The TCP connections a process holds open, read from Linux's {@code /proc}: its file
 * descriptors that are sockets ({@code /proc/<pid>/fd}), looked up in the connection tables of
 * its network namespace ({@code /proc/<pid>/net/tcp} and {@code tcp6}).
 *
 * <p>Why: CRIU refuses to write out a process with a connected TCP socket and says only that it
 * has one. A spare that cannot be frozen for that reason is worth a line naming the connection
 * (its ends and state tell which client or server left it open), so that the cause can be found.
 */
final class TcpConnections {

    /** The kernel's TCP states as {@code /proc/net/tcp} numbers them (include/net/tcp_states.h). */
    private static final Map<Integer, String> STATES = Map.ofEntries(Map.entry(1, "ESTABLISHED"), Map.entry(2, "SYN_SENT"),
            Map.entry(3, "SYN_RECV"), Map.entry(4, "FIN_WAIT1"), Map.entry(5, "FIN_WAIT2"), Map.entry(6, "TIME_WAIT"),
            Map.entry(7, "CLOSE"), Map.entry(8, "CLOSE_WAIT"), Map.entry(9, "LAST_ACK"), Map.entry(10, "LISTEN"),
            Map.entry(11, "CLOSING"), Map.entry(12, "NEW_SYN_RECV"));
    private static final int LISTEN = 10;

    private TcpConnections() {
    }

    /**
     * Process {@code pid}'s TCP sockets that are not listening, each as {@code local -> remote
     * STATE}; empty if it has none or {@code /proc} cannot tell (the process is gone, say).
     */
    static List<String> of(long pid) {
        Path process = Path.of("/proc", Long.toString(pid));
        Set<String> inodes = socketInodes(process.resolve("fd"));
        List<String> connections = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6")) {
            try {
                connections.addAll(connections(Files.readAllLines(process.resolve("net").resolve(table)), inodes));
            } catch (IOException e) {
                // No such table (no IPv6) or no such process: nothing to name from it.
            }
        }
        return connections;
    }

    /** The inodes of the sockets among the links of {@code fdDirectory} ({@code socket:[12345]}). */
    private static Set<String> socketInodes(Path fdDirectory) {
        Set<String> inodes = new HashSet<>();
        try (DirectoryStream<Path> descriptors = Files.newDirectoryStream(fdDirectory)) {
            for (Path descriptor : descriptors) {
                try {
                    String target = Files.readSymbolicLink(descriptor).toString();
                    if (target.startsWith("socket:[") && target.endsWith("]")) {
                        inodes.add(target.substring("socket:[".length(), target.length() - 1));
                    }
                } catch (IOException e) {
                    // Closed while we listed them.
                }
            }
        } catch (IOException e) {
            // No such process, or not ours to look into.
        }
        return inodes;
    }

    /**
     * The rows of a {@code /proc/net/tcp} or {@code tcp6} table (a header, then {@code sl
     * local_address rem_address st ... uid timeout inode ...}, addresses in hex) whose inode is
     * in {@code inodes} and whose state is not LISTEN.
     */
    static List<String> connections(List<String> table, Set<String> inodes) {
        List<String> connections = new ArrayList<>();
        for (String row : table.subList(Math.min(1, table.size()), table.size())) {
            String[] fields = row.trim().split("\\s+");
            if (fields.length < 10 || !inodes.contains(fields[9])) {
                continue;
            }
            int state = Integer.parseInt(fields[3], 16);
            if (state != LISTEN) {
                connections.add(endpoint(fields[1]) + " -> " + endpoint(fields[2]) + " " + STATES.getOrDefault(state, "state " + state));
            }
        }
        return connections;
    }

    /**
     * {@code 0100007F:1F90} as {@code 127.0.0.1:8080} (on a little-endian machine): the address is
     * in 32-bit words of the host's byte order, the port in network order.
     */
    private static String endpoint(String hex) {
        int colon = hex.indexOf(':');
        byte[] words = HexFormat.of().parseHex(hex.substring(0, colon));
        byte[] address = words.clone();
        if (ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN) {
            for (int word = 0; word < words.length; word += 4) {
                for (int i = 0; i < 4; i++) {
                    address[word + i] = words[word + 3 - i];
                }
            }
        }
        int port = Integer.parseInt(hex.substring(colon + 1), 16);
        try {
            InetAddress inet = InetAddress.getByAddress(address);
            String host = inet.getHostAddress();
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        } catch (UnknownHostException e) {
            return hex;
        }
    }
}
