package dev.isola.mvm.link.workloads;

import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.BulkBuffer;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkMessage;
import dev.isola.mvm.link.codec.ClassAllowList;

import java.io.Serializable;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.List;

/**
 * An isolate at the other end of links in tests. Its startup links are {@code in} (to it) and
 * {@code out} (from it). Modes:
 * <ul>
 *   <li>{@code echo}: sends back every message on {@code out}, with a few commands:
 *       a migrated buffer is answered with its size and checksum once closed; a link handed over is used
 *       (a greeting is sent on it if this isolate sends on it, or one message is received and
 *       reported on {@code out}); "send-forbidden" sends a {@link Secret}; "stop" ends.</li>
 *   <li>{@code hold}: opens its ends and never reads or writes.</li>
 * </ul>
 */
public final class LinkPeer {

    /** A value the test's side of the link does not allow. */
    public record Secret(String what) implements Serializable {
    }

    /** A value both sides allow. */
    public record Payload(int sequence, String text) implements Serializable {
    }

    public static void main(String[] args) throws Exception {
        List<Link> links = Isolate.current().startupLinks();
        switch (args[0]) {
            case "echo" -> echo(links.get(0), links.get(1));
            case "hold" -> Thread.sleep(Long.MAX_VALUE);
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }

    private static void echo(Link in, Link out) {
        in.allowClasses(ClassAllowList.defaults().allow(Payload.class));
        while (true) {
            LinkMessage message = in.receive();
            switch (message) {
                case LinkMessage.Text(String text) when text.equals("stop") -> {
                    return;
                }
                case LinkMessage.Text(String text) when text.equals("send-forbidden") -> out.send(LinkMessage.ofValue(new Secret("key")));
                case LinkMessage.Bulk(BulkBuffer buffer) -> {
                    long sum = 0;
                    try (buffer) {
                        for (long i = 0; i < buffer.size(); i += 8) {
                            sum += buffer.segment().get(ValueLayout.JAVA_LONG, i);
                        }
                    }
                    out.send(LinkMessage.of("size=" + buffer.size() + " sum=" + sum));
                }
                case LinkMessage.LinkTransfer(Link passed) -> {
                    if (passed.canSend()) {
                        passed.send(LinkMessage.of("hello from " + Isolate.current().id()));
                    }
                    if (passed.canReceive()) {
                        LinkMessage got = passed.receive(Duration.ofSeconds(30));
                        out.send(LinkMessage.of(Isolate.current().id() + " got: " + ((LinkMessage.Text) got).text()));
                    }
                }
                default -> out.send(message);
            }
        }
    }
}
