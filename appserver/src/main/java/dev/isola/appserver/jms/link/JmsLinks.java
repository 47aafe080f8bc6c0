package dev.isola.appserver.jms.link;

import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.link.Link;

/**
 * Rules for the links that carry the JMS seam. A message travels whole in one link frame, so
 * each link must carry the broker's largest message and {@value #OVERHEAD} bytes more (headers,
 * properties, the frame's encoding). With the broker's default limit of 4 MiB that is an
 * 8 MiB ring; a domain that lowers {@code maxMessageSize} can use smaller links.
 */
public final class JmsLinks {

    /** Room for what a message carries besides its body. */
    static final int OVERHEAD = 64 * 1024;

    private JmsLinks() {
    }

    /** The ring capacity (a power of two) that carries messages of up to {@code maxMessageSize} bytes. */
    public static int capacityFor(long maxMessageSize) {
        long wanted = Math.max(1 << 20, maxMessageSize + OVERHEAD + 64);
        return (int) Math.min(1L << 30, Long.highestOneBit(wanted - 1) << 1);
    }

    /**
     * @throws IllegalArgumentException naming the link and the sizes if one of the pair cannot carry such messages
     */
    public static void checkCapacity(LinkPair pair, long maxMessageSize) {
        long needed = maxMessageSize + OVERHEAD;
        for (Link link : new Link[] {pair.outgoing(), pair.incoming()}) {
            if (link.maxMessageBytes() < needed) {
                throw new IllegalArgumentException("JMS link " + link.id() + " carries messages of up to " + link.maxMessageBytes()
                        + " bytes, but the broker accepts messages of up to " + maxMessageSize + " bytes; create the links of JMS pairs with"
                        + " LinkOptions.DEFAULTS.withCapacity(JmsLinks.capacityFor(" + maxMessageSize + ")) = " + capacityFor(maxMessageSize)
                        + " bytes");
            }
        }
    }
}
