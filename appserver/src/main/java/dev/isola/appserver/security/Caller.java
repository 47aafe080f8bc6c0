package dev.isola.appserver.security;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Who is calling: the authenticated user of a request with the groups the domain's realm puts
 * the user in, or a bean calling on in its {@code @RunAs} role. Which roles that makes depends
 * on the application called ({@link RoleMapping}), so the caller carries groups, not roles; the
 * EJB container checks {@code @RolesAllowed} and answers {@code isCallerInRole} with the called
 * application's mapping. It crosses the link from a web isolate to the EJB isolate of a separated
 * domain with each call ({@link #encode()}): the isolates of a domain trust each other, as the
 * sub-servers of one server do.
 *
 * @param name       the user's name
 * @param groups     the user's groups in the realm (see {@link RealmUser})
 * @param runAsRoles roles held whatever the mapping says: a {@code @RunAs} bean's calls onward are in its role
 */
public record Caller(String name, Set<String> groups, Set<String> runAsRoles) {

    /** What an unauthenticated caller's principal is called (as GlassFish and the specification's examples name it). */
    public static final String ANONYMOUS = "ANONYMOUS";

    // Each line of the encoded form after the name starts with one of these.
    private static final String GROUP_LINE = "g ";
    private static final String RUN_AS_LINE = "r ";

    public Caller {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a caller has a name");
        }
        groups = Set.copyOf(groups);
        runAsRoles = Set.copyOf(runAsRoles);
    }

    /** A signed-in user in {@code groups}. */
    public Caller(String name, Set<String> groups) {
        this(name, groups, Set.of());
    }

    /** A bean's calls onward in its {@code @RunAs} {@code role}, under {@code name} (its caller's, or {@value #ANONYMOUS}). */
    public static Caller runAs(String name, String role) {
        return new Caller(name, Set.of(), Set.of(role));
    }

    /** The form that travels with a call: the name, then each group and each run-as role, on lines of their own. */
    public String encode() {
        StringBuilder out = new StringBuilder(name);
        groups.stream().sorted().forEach(group -> out.append('\n').append(GROUP_LINE).append(group));
        runAsRoles.stream().sorted().forEach(role -> out.append('\n').append(RUN_AS_LINE).append(role));
        return out.toString();
    }

    /** The caller {@link #encode()} made {@code encoded} of; null for an empty string (no caller). */
    public static Caller decode(String encoded) {
        if (encoded == null || encoded.isEmpty()) {
            return null;
        }
        String[] lines = encoded.split("\n");
        Set<String> groups = new LinkedHashSet<>();
        Set<String> runAs = new LinkedHashSet<>();
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].startsWith(GROUP_LINE)) {
                groups.add(lines[i].substring(GROUP_LINE.length()));
            } else if (lines[i].startsWith(RUN_AS_LINE)) {
                runAs.add(lines[i].substring(RUN_AS_LINE.length()));
            } else {
                // An isolate of an earlier build, still running until its domain restarts, sends its groups (then its roles) bare.
                groups.add(lines[i]);
            }
        }
        return new Caller(lines[0], groups, runAs);
    }
}
