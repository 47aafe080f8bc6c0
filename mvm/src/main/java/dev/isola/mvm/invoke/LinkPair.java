package dev.isola.mvm.invoke;

import dev.isola.mvm.link.Link;

import java.util.Objects;

/**
 * The two links of a conversation, seen from one side: {@code outgoing} carries what this
 * isolate sends (requests from a client, replies from a server), {@code incoming} what it
 * receives. The other side holds the same two links the other way round ({@link #reversed()}).
 */
public record LinkPair(Link outgoing, Link incoming) {

    public LinkPair {
        Objects.requireNonNull(outgoing, "outgoing");
        Objects.requireNonNull(incoming, "incoming");
    }

    /** The pair as the other side sees it. */
    public LinkPair reversed() {
        return new LinkPair(incoming, outgoing);
    }
}
