package dev.isola.appserver.jms.link;

import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.mvm.link.codec.ClassAllowList;

/**
 * What the two ends of a JMS link materialise: the frames and the seam's records, which are
 * plain data (an {@code ObjectMessage}'s object travels as bytes inside its body and is
 * deserialized by the receiving application under the connection factory's own allow-list).
 */
final class JmsLinkClasses {

    private static final ClassAllowList SEAM = ClassAllowList.defaults()
            .allow("dev.isola.appserver.jms.protocol.*", "dev.isola.appserver.jms.link.*")
            .allow(DestinationType.class);

    /** What the client isolate accepts from the broker. */
    static final ClassAllowList FROM_BROKER = SEAM;

    /** What the JMS isolate accepts from a client. */
    static final ClassAllowList FROM_CLIENT = SEAM;

    private JmsLinkClasses() {
    }
}
