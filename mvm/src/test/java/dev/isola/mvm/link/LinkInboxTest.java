package dev.isola.mvm.link;

import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.workloads.InboxPeer;
import dev.isola.mvm.link.workloads.LinkPeer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The link inbox between real isolates: an isolate started without links is reached through
 * its inbox, again after the first pair is gone (as by a supervisor that restarted), and a
 * delivery whose link cannot be opened says so instead of failing the rest.
 */
@Timeout(120)
class LinkInboxTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aRunningIsolateIsReachedThroughItsInboxAgainAndAgain() throws Exception {
        Isolate peer = LinkIsolateTest.newIsolate(InboxPeer.class, "inbox-peer").start();
        Isolate me = Isolate.current();
        try {
            try (Link in = Link.newLink(me, peer); Link out = Link.newLink(peer, me)) {
                LinkInbox.deliver(peer, "first", in, out);
                in.send(LinkMessage.of("hello"));
                assertEquals("first:hello unavailable=0", ((LinkMessage.Text) out.receive(WAIT)).text());
            }
            // The first pair is closed, as if its creator had died; a second one reaches the same process.
            try (Link in = Link.newLink(me, peer); Link out = Link.newLink(peer, me)) {
                LinkInbox.deliver(peer, "second", in, out);
                in.send(LinkMessage.of("again"));
                assertEquals("second:again unavailable=0", ((LinkMessage.Text) out.receive(WAIT)).text());
            }
        } finally {
            peer.halt(9).get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aLinkThatCannotBeOpenedIsReportedAndTheOthersArrive() throws Exception {
        Isolate peer = LinkIsolateTest.newIsolate(InboxPeer.class, "inbox-peer").start();
        Isolate holder = LinkIsolateTest.newIsolate(LinkPeer.class, "holder", "hold");
        Isolate me = Isolate.current();
        try (Link in = Link.newLink(me, peer); Link out = Link.newLink(peer, me)) {
            // As if both ends had died and the link's file had been swept before the peer picked it up.
            Link gone = Link.newLink(holder, peer);
            Files.delete(gone.descriptor().path());
            LinkInbox.deliver(peer, "mixed", in, out, gone);
            in.send(LinkMessage.of("ping"));
            assertEquals("mixed:ping unavailable=1", ((LinkMessage.Text) out.receive(WAIT)).text());
        } finally {
            peer.halt(9).get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void badDeliveriesAreRefusedBeforeAnythingIsWritten() {
        Isolate peer = LinkIsolateTest.newIsolate(InboxPeer.class, "never-started");
        Link link = Link.newLink(Isolate.current(), Isolate.current());
        try (link) {
            IllegalArgumentException blank = assertThrows(IllegalArgumentException.class, () -> LinkInbox.deliver(peer, " ", link));
            assertTrue(blank.getMessage().contains("label"), blank.getMessage());
            IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> LinkInbox.deliver(peer, "x"));
            assertTrue(none.getMessage().contains("at least one link"), none.getMessage());
            IllegalStateException root = assertThrows(IllegalStateException.class, () -> LinkInbox.deliver(Isolate.current(), "x", link));
            assertTrue(root.getMessage().contains("no run directory"), root.getMessage());
            assertThrows(IllegalStateException.class, LinkInbox::current);
        }
    }
}
