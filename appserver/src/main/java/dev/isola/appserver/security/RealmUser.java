package dev.isola.appserver.security;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A user of a domain's applications, as the domain's {@link Keyfile} holds it: a name, a
 * bcrypt hash of the password, and the groups the user belongs to. A group is also the name of
 * the role it grants: a user of group {@code customers} is in role {@code customers} in every
 * application of the domain (GlassFish's default principal-to-role mapping), in
 * {@code <auth-constraint>}s, {@code @RolesAllowed}, {@code isUserInRole} and
 * {@code isCallerInRole}.
 *
 * @param name         the name users sign in with
 * @param passwordHash a {@link PasswordHash} of the password
 * @param groups       the user's groups, each once, in the order given
 */
public record RealmUser(String name, String passwordHash, List<String> groups) {

    /** Letters, digits and {@code . _ @ -}: what works unquoted in a keyfile line, a URL path and a shell. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]{0,63}");

    public RealmUser {
        checkName(name);
        Objects.requireNonNull(passwordHash, "passwordHash");
        if (!PasswordHash.isHash(passwordHash)) {
            throw new IllegalArgumentException("the password of user " + name + " is not stored as a bcrypt hash");
        }
        groups = List.copyOf(groups.stream().distinct().toList());
        groups.forEach(RealmUser::checkGroup);
    }

    /** A user with a new hash of {@code password}. */
    public static RealmUser withPassword(String name, char[] password, List<String> groups) {
        checkPassword(password);
        return new RealmUser(name, PasswordHash.of(password), groups);
    }

    /**
     * @throws IllegalArgumentException saying what a user name may be
     */
    public static void checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a user name is 1 to 64 letters, digits and . _ @ -, starting with a letter or digit, not '"
                    + name + "'");
        }
    }

    /**
     * @throws IllegalArgumentException saying what a group name may be
     */
    public static void checkGroup(String group) {
        if (group == null || !NAME.matcher(group).matches()) {
            throw new IllegalArgumentException("a group name is 1 to 64 letters, digits and . _ @ -, starting with a letter or digit, not '"
                    + group + "'");
        }
    }

    /**
     * @throws IllegalArgumentException if {@code password} is empty or longer than bcrypt takes
     */
    public static void checkPassword(char[] password) {
        if (password == null || password.length == 0) {
            throw new IllegalArgumentException("a user's password may not be empty");
        }
        PasswordHash.checkLength(password);
    }

    /** This user with {@code groups} instead of its own. */
    public RealmUser withGroups(List<String> groups) {
        return new RealmUser(name, passwordHash, groups);
    }
}
