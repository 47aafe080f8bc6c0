package dev.isola.mvm.link;

import java.util.Arrays;

/** How a link moves its frames between the two processes. */
public enum TransportKind {

    /** A ring buffer in a memory-mapped file on tmpfs, shared by both processes. The default. */
    SHARED_MEMORY("shm", ".ring"),

    /**
     * A Unix domain socket: the stand-in where memory cannot be shared (and the model for a TCP
     * transport between hosts). Same semantics, more system calls per message.
     */
    UNIX_SOCKET("uds", ".sock");

    private final String code;
    private final String fileSuffix;

    TransportKind(String code, String fileSuffix) {
        this.code = code;
        this.fileSuffix = fileSuffix;
    }

    /** The short name used in link descriptors. */
    public String code() {
        return code;
    }

    String fileSuffix() {
        return fileSuffix;
    }

    static TransportKind ofCode(String code) {
        for (TransportKind kind : values()) {
            if (kind.code.equals(code)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown link transport '" + code + "' (expected one of "
                + Arrays.stream(values()).map(TransportKind::code).toList() + ")");
    }
}
