package dev.isola.mvm.link;

import dev.isola.mvm.isolate.Isolate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Half a frame is never a message: on a socket a sender that stops mid-frame leaves nothing behind. */
@Timeout(30)
class UnixSocketTransportTest {

    @Test
    void aFrameCutOffByTheSendersEndIsDiscardedAndTheLinkReportsClosed() throws Exception {
        Isolate me = Isolate.current();
        String id = LinkFiles.newId();
        LinkDescriptor descriptor = new LinkDescriptor(id, TransportKind.UNIX_SOCKET, LinkFiles.directory().resolve(id + ".sock"),
                "someone-else", me.id(), 4096);
        try (Link link = Link.open(descriptor)) {
            try (SocketChannel sender = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                sender.connect(UnixDomainSocketAddress.of(descriptor.path()));
                ByteBuffer whole = ByteBuffer.allocate(8 + 3).putInt(3).putInt(MessageFrames.TEXT).put("abc".getBytes()).flip();
                sender.write(whole);
                ByteBuffer half = ByteBuffer.allocate(8 + 2).putInt(100).putInt(MessageFrames.BYTES).put(new byte[2]).flip();
                sender.write(half);
            }
            assertEquals(new LinkMessage.Text("abc"), link.receive(Duration.ofSeconds(5)));
            LinkClosedException closed = assertThrows(LinkClosedException.class, () -> link.receive(Duration.ofSeconds(5)));
            assertTrue(closed.getMessage().contains("in the middle of a frame, which was discarded"), closed.getMessage());
            assertTrue(Files.notExists(descriptor.path()), "the socket file is removed once the sender connected");
        }
    }

    @Test
    void aFrameClaimingMoreThanTheLinkTakesIsRefused() throws Exception {
        Isolate me = Isolate.current();
        String id = LinkFiles.newId();
        LinkDescriptor descriptor = new LinkDescriptor(id, TransportKind.UNIX_SOCKET, LinkFiles.directory().resolve(id + ".sock"),
                "someone-else", me.id(), 4096);
        try (Link link = Link.open(descriptor); SocketChannel sender = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            sender.connect(UnixDomainSocketAddress.of(descriptor.path()));
            sender.write(ByteBuffer.allocate(8).putInt(1 << 30).putInt(MessageFrames.BYTES).flip());
            MalformedFrameException refused = assertThrows(MalformedFrameException.class, () -> link.receive(Duration.ofSeconds(5)));
            assertTrue(refused.getMessage().contains(Integer.toString(1 << 30)), refused.getMessage());
        }
    }
}
