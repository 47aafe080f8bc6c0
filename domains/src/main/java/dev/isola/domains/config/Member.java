package dev.isola.domains.config;

import dev.isola.appserver.SubServerRole;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One isolate of a domain, by what it hosts: {@link #SERVER} is the single isolate of a
 * combined domain (web, EJB and JMS), {@link #WEB}, {@link #EJB} and {@link #JMS} are the
 * three isolates of a separated one.
 */
public enum Member {
    // Declared in start order, so that maps keyed by member list a separated domain's isolates as they start (JMS, EJB, web)
    // and stopping them in reverse goes from the web isolate to the JMS isolate.
    SERVER(EnumSet.allOf(SubServerRole.class)),
    JMS(EnumSet.of(SubServerRole.JMS)),
    EJB(EnumSet.of(SubServerRole.EJB)),
    WEB(EnumSet.of(SubServerRole.WEB));

    private final Set<SubServerRole> roles;

    Member(Set<SubServerRole> roles) {
        this.roles = roles;
    }

    /** The sub-servers this member hosts. */
    public Set<SubServerRole> roles() {
        return EnumSet.copyOf(roles);
    }

    public boolean hosts(SubServerRole role) {
        return roles.contains(role);
    }

    /** How configuration, directories and the API spell it: {@code server}, {@code web}, {@code ejb}, {@code jms}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The isolate's name: the domain's name for a combined domain, {@code <domain>-<member>} otherwise. */
    public String isolateName(String domain) {
        return this == SERVER ? domain : domain + "-" + key();
    }

    /**
     * The members of a domain in start order: what others connect to starts first (JMS, then
     * EJB, then web); stopping goes the other way.
     */
    public static List<Member> of(DomainMode mode) {
        return switch (mode) {
            case COMBINED -> List.of(SERVER);
            case SEPARATED -> List.of(JMS, EJB, WEB);
        };
    }

    /**
     * @throws IllegalArgumentException naming the known members
     */
    public static Member of(String key) {
        return Arrays.stream(values()).filter(m -> m.key().equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("'" + key + "' is not a domain isolate (expected server, web, ejb or jms)"));
    }
}
