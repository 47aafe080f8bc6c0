package dev.isola.mvm.link.workloads;

import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkClosedException;
import dev.isola.mvm.link.LinkInbox;
import dev.isola.mvm.link.LinkMessage;

import java.util.concurrent.CountDownLatch;

/**
 * An isolate started without links that serves whatever arrives in its link inbox: each
 * delivery is a pair (in, out); every text received on {@code in} comes back on {@code out}
 * prefixed with the delivery's label and what the delivery could not open, until {@code in}
 * closes. It runs until halted.
 */
public final class InboxPeer {

    public static void main(String[] args) throws InterruptedException {
        LinkInbox.current().listen(delivery -> Thread.ofVirtual().start(() -> {
            Link in = delivery.links().get(0);
            Link out = delivery.links().get(1);
            try {
                while (true) {
                    LinkMessage.Text text = (LinkMessage.Text) in.receive();
                    out.send(LinkMessage.of(delivery.label() + ":" + text.text() + " unavailable=" + delivery.unavailable().size()));
                }
            } catch (LinkClosedException e) {
                out.close();
            }
        }));
        new CountDownLatch(1).await();
    }
}
