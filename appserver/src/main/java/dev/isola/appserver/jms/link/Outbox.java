package dev.isola.appserver.jms.link;

import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkException;
import dev.isola.mvm.link.LinkMessage;
import dev.isola.mvm.link.LinkTimeoutException;
import dev.isola.mvm.link.MessageTooLargeException;
import dev.isola.mvm.link.codec.ObjectCodecException;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * Sends on a link without ever blocking the caller, in order. A message goes out at once if
 * the link has room; otherwise it waits in a queue that a virtual thread drains, and every
 * later message queues behind it.
 *
 * <p>Why: both sides of the JMS seam send from threads that must not wait for the peer (the
 * thread that reads the link, broker and store threads). If the thread that reads one
 * direction could block sending the other way, two full links would wait for each other.
 */
final class Outbox {

    private final Link link;
    private final Consumer<LinkException> failed;
    private record Pending(LinkMessage message, Consumer<LinkException> ifRefused) {
    }

    private final ArrayDeque<Pending> queue = new ArrayDeque<>();
    private boolean draining;

    /** @param failed told (at each failed send) when the link cannot take messages any more: it is closed or its peer died */
    Outbox(Link link, Consumer<LinkException> failed) {
        this.link = link;
        this.failed = failed;
    }

    /**
     * Sends {@code message} now or later.
     *
     * @param ifRefused told if this message cannot go at all (too large for the link, or not copyable); the link stays usable
     */
    void send(LinkMessage message, Consumer<LinkException> ifRefused) {
        synchronized (this) {
            if (!draining) {
                try {
                    link.send(message, Duration.ZERO);
                    return;
                } catch (LinkTimeoutException full) {
                    // the link is full: queue it
                } catch (MessageTooLargeException | ObjectCodecException refused) {
                    ifRefused.accept(refused);
                    return;
                } catch (LinkException e) {
                    failed.accept(e);
                    return;
                }
            }
            queue.add(new Pending(message, ifRefused));
            if (!draining) {
                draining = true;
                Thread.ofVirtual().name("jms-link-outbox-" + link.id()).start(this::drain);
            }
        }
    }

    private void drain() {
        while (true) {
            Pending next;
            synchronized (this) {
                next = queue.poll();
                if (next == null) {
                    draining = false;
                    return;
                }
            }
            try {
                link.send(next.message());
            } catch (MessageTooLargeException | ObjectCodecException refused) {
                next.ifRefused().accept(refused);
            } catch (LinkException e) {
                synchronized (this) {
                    queue.clear();
                    draining = false;
                }
                failed.accept(e);
                return;
            }
        }
    }
}
