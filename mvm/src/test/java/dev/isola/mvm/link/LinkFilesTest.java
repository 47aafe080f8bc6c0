package dev.isola.mvm.link;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What is left behind when both ends of a link die is found and deleted; nothing in use is. */
class LinkFilesTest {

    @TempDir
    Path dir;

    private static long deadPid() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        return gone.pid();
    }

    private Path ringWithEnds(String id, long producerPid, int producerState, long consumerPid, int consumerState) throws Exception {
        Path ring = dir.resolve(id + ".ring");
        SharedRing.create(ring, 4096);
        try (FileChannel channel = FileChannel.open(ring, StandardOpenOption.WRITE)) {
            for (long[] end : new long[][]{{SharedRing.PRODUCER_AT, producerPid, producerState}, {SharedRing.CONSUMER_AT, consumerPid, consumerState}}) {
                ByteBuffer fields = ByteBuffer.allocate(20).order(ByteOrder.nativeOrder());
                fields.putLong(end[1]).putLong(0).putInt((int) end[2]).flip();
                channel.write(fields, end[0]);
            }
        }
        return ring;
    }

    @Test
    void sweepDeletesSocketFilesNobodyListensOnAnyMore() throws Exception {
        Path stale = dir.resolve(LinkFiles.newId() + ".sock");
        try (ServerSocketChannel gone = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            gone.bind(UnixDomainSocketAddress.of(stale));
        }
        Files.setLastModifiedTime(stale, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        Path live = dir.resolve(LinkFiles.newId() + ".sock");
        Path fresh = dir.resolve(LinkFiles.newId() + ".sock");
        try (ServerSocketChannel justClosed = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            justClosed.bind(UnixDomainSocketAddress.of(fresh));
        }
        try (ServerSocketChannel listening = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            listening.bind(UnixDomainSocketAddress.of(live));
            Files.setLastModifiedTime(live, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
            assertTrue(Files.exists(stale), "closing a bound socket leaves its file");

            assertEquals(1, LinkFiles.sweep(dir));

            assertFalse(Files.exists(stale));
            assertTrue(Files.exists(live), "a socket someone listens on must stay");
            assertTrue(Files.exists(fresh), "a socket file just made may be one being bound: it must stay");
        }
    }

    @Test
    void sweepDeletesRingsWhoseEndsAreAllGoneWithTheirPools() throws Exception {
        long dead = deadPid();
        long me = ProcessHandle.current().pid();
        String deadId = LinkFiles.newId();
        Path deadRing = ringWithEnds(deadId, dead, SharedRing.STATE_ATTACHED, 0, SharedRing.STATE_CLOSED);
        Path pool = dir.resolve(deadId + ".pool");
        Files.writeString(pool, "pool");
        Path live = ringWithEnds(LinkFiles.newId(), me, SharedRing.STATE_ATTACHED, dead, SharedRing.STATE_ATTACHED);
        Path waiting = ringWithEnds(LinkFiles.newId(), dead, SharedRing.STATE_ATTACHED, 0, SharedRing.STATE_NONE);

        assertEquals(1, LinkFiles.sweep(dir));

        assertFalse(Files.exists(deadRing));
        assertFalse(Files.exists(pool));
        assertTrue(Files.exists(live), "a ring with a live end must stay");
        assertTrue(Files.exists(waiting), "a ring whose receiver has not attached yet must stay");
    }
}
