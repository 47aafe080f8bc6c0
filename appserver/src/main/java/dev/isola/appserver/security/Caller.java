package dev.isola.appserver.security;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Who is calling: the authenticated user of a request and the roles the user is in, as the EJB
 * container checks {@code @RolesAllowed} against them and answers {@code getCallerPrincipal}
 * and {@code isCallerInRole}. It crosses the link from a web isolate to the EJB isolate of a
 * separated domain with each call ({@link #encode()}): the isolates of a domain trust each
 * other, as the sub-servers of one server do.
 *
 * @param name  the user's name
 * @param roles the roles the user is in (the user's groups, see {@link RealmUser})
 */
public record Caller(String name, Set<String> roles) {

    /** What an unauthenticated caller's principal is called (as GlassFish and the specification's examples name it). */
    public static final String ANONYMOUS = "ANONYMOUS";

    public Caller {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a caller has a name");
        }
        roles = Set.copyOf(roles);
    }

    /** The form that travels with a call: the name, then each role, on lines of their own. */
    public String encode() {
        StringBuilder out = new StringBuilder(name);
        roles.stream().sorted().forEach(role -> out.append('\n').append(role));
        return out.toString();
    }

    /** The caller {@link #encode()} made {@code encoded} of; null for an empty string (no caller). */
    public static Caller decode(String encoded) {
        if (encoded == null || encoded.isEmpty()) {
            return null;
        }
        String[] lines = encoded.split("\n");
        return new Caller(lines[0], new LinkedHashSet<>(Arrays.asList(lines).subList(1, lines.length)));
    }

    public boolean isInRole(String role) {
        return roles.contains(role);
    }
}
