package dev.isola.domains.control;

import dev.isola.mvm.invoke.InvocationClient;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.link.codec.Serializers;

import java.time.Duration;

/**
 * The admin's end of one control conversation with a domain isolate: a {@link DomainControl}
 * proxy over a link pair. Closing it closes the admin's ends, which ends the conversation (the
 * domain isolate goes on running). Values are copied with the JDK's serialization
 * ({@link Serializers#JAVA}), as the domain's end does: a control link carries a few calls, and
 * Fory, the links' faster codec, would cost every idle domain ~700 classes and ~5 MB of private
 * memory for them (compiling its serializers also held up a starting domain's "ready" by 0.2 to
 * 0.5 s).
 *
 * @param control the proxy; its calls fail with a {@link dev.isola.mvm.invoke.RemoteInvocationException}
 *                once the isolate is gone
 */
public record ControlClient(DomainControl control, InvocationClient client, LinkPair links) implements AutoCloseable {

    /** Calls wait this long unless {@link dev.isola.mvm.invoke.Invoker#withTimeout} says otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    /** A client over {@code links}, seen from the admin: requests out, replies in. */
    public static ControlClient open(LinkPair links) {
        InvocationClient client = InvocationClient.open(links, DEFAULT_TIMEOUT, Serializers.JAVA);
        return new ControlClient(client.proxy(DomainControl.class, DomainControl.TARGET), client, links);
    }

    @Override
    public void close() {
        client.close();
    }
}
