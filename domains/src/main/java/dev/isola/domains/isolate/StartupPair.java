package dev.isola.domains.isolate;

import dev.isola.domains.config.Member;

import java.util.List;

/**
 * The link pairs a domain isolate is started with, in a fixed order per member, so that its
 * command line need not name them. Each pair is two startup links seen from the isolate:
 * first what it sends on, then what it receives on. The creator makes the links in this order
 * and hands them to {@link dev.isola.mvm.isolate.Isolate#start}.
 *
 * <pre>
 *   member   pairs (startup links 0,1 | 2,3 | 4,5)
 *   server   CONTROL
 *   jms      CONTROL | EJB_CLIENT (serves the EJB isolate) | WEB_CLIENT (serves the web isolate)
 *   ejb      CONTROL | TO_JMS                              | WEB_CLIENT (serves the web isolate)
 *   web      CONTROL | TO_EJB                              | TO_JMS
 * </pre>
 */
public enum StartupPair {
    /** The admin's control calls: replies out, requests in. */
    CONTROL,
    /** This isolate's client of the EJB isolate: requests out, replies in. */
    TO_EJB,
    /** This isolate's client of the JMS isolate. */
    TO_JMS,
    /** The EJB isolate as a client of this (JMS) isolate: replies out, requests in. */
    EJB_CLIENT,
    /** The web isolate as a client of this (EJB or JMS) isolate. */
    WEB_CLIENT;

    /** The pairs {@code member} is started with, in order. */
    public static List<StartupPair> layout(Member member) {
        return switch (member) {
            case SERVER -> List.of(CONTROL);
            case JMS -> List.of(CONTROL, EJB_CLIENT, WEB_CLIENT);
            case EJB -> List.of(CONTROL, TO_JMS, WEB_CLIENT);
            case WEB -> List.of(CONTROL, TO_EJB, TO_JMS);
        };
    }

    /** Where this pair's first link is among {@code member}'s startup links, -1 if it has none. */
    public int indexIn(Member member) {
        int position = layout(member).indexOf(this);
        return position < 0 ? -1 : 2 * position;
    }
}
