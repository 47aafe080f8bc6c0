package dev.isola.domains.config;

import dev.isola.appserver.security.RealmSpec;

import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import java.util.Set;
import java.util.SortedSet;
import java.util.regex.Pattern;

/**
 * The checks of an LDAP realm's settings ({@link RealmSpec.Ldap}) in a domain's configuration, so
 * that a realm that could sign nobody in, or that a user's name could steer, is refused when
 * configured, naming the field ({@code realm.userSearchFilter}), rather than found out at the
 * first sign-in.
 */
final class LdapRealmChecks {

    private static final String PATTERN_EXAMPLE = "uid={0},ou=people,dc=example,dc=com";
    private static final String USER_FILTER_EXAMPLE = "(uid={0})";
    private static final String GROUP_FILTER_EXAMPLE = "(member={0})";
    private static final String BASE_EXAMPLE = "ou=people,dc=example,dc=com";
    /** An attribute's name or its OID (RFC 4512's descr and numericoid). */
    private static final Pattern ATTRIBUTE = Pattern.compile("[A-Za-z][A-Za-z0-9-]*|[0-9]+(\\.[0-9]+)+");

    private LdapRealmChecks() {
    }

    static void check(RealmSpec.Ldap ldap) {
        RealmSpec.Ldap.urlProblem(ldap.url()).ifPresent(problem -> {
            throw new DomainConfigException("realm.url", "'" + ldap.url() + "' " + problem + "; expected ldap://host:port or ldaps://host:port,"
                    + " e.g. ldap://ldap.example.com:389");
        });
        checkUserEntry(ldap);
        if (!ldap.bindDn().isEmpty()) {
            checkDn("realm.bindDn", ldap.bindDn(), "cn=isola,ou=services,dc=example,dc=com");
            if (ldap.bindPassword().isEmpty()) {
                throw new DomainConfigException("realm.bindPassword", "is required with bindDn (" + ldap.bindDn() + ")");
            }
        } else if (!ldap.bindPassword().isEmpty()) {
            throw new DomainConfigException("realm.bindPassword", "is given without bindDn; give the DN it is the password of, or leave it out"
                    + " for anonymous searches");
        }
        checkGroupSearch(ldap);
    }

    /** Exactly one way to the user's entry: a DN pattern, or a search. */
    private static void checkUserEntry(RealmSpec.Ldap ldap) {
        boolean pattern = !ldap.userDnPattern().isEmpty();
        boolean search = !ldap.userSearchBase().isEmpty() || !ldap.userSearchFilter().isEmpty();
        if (pattern && search) {
            throw new DomainConfigException("realm.userDnPattern", "is given with " + (ldap.userSearchBase().isEmpty() ? "userSearchFilter"
                    : "userSearchBase") + "; a user's entry is found in one way: by userDnPattern (e.g. " + PATTERN_EXAMPLE
                    + ") or by userSearchBase and userSearchFilter (e.g. " + USER_FILTER_EXAMPLE + ")");
        }
        if (!pattern && !search) {
            throw new DomainConfigException("realm.userDnPattern", "is required unless userSearchBase and userSearchFilter are given; give"
                    + " either, e.g. \"userDnPattern\": \"" + PATTERN_EXAMPLE + "\"");
        }
        if (pattern) {
            checkPlaceholders("realm.userDnPattern", ldap.userDnPattern(), Set.of(0), "{0}, the user's name", PATTERN_EXAMPLE);
            // Any value will do for {0} here: at a sign-in the user's name goes in escaped, so it never changes the DN's structure.
            checkDn("realm.userDnPattern", ldap.userDnPattern().replace("{0}", "name"), PATTERN_EXAMPLE);
            return;
        }
        requiredWith("realm.userSearchBase", ldap.userSearchBase(), "userSearchFilter", BASE_EXAMPLE);
        requiredWith("realm.userSearchFilter", ldap.userSearchFilter(), "userSearchBase", USER_FILTER_EXAMPLE);
        checkDn("realm.userSearchBase", ldap.userSearchBase(), BASE_EXAMPLE);
        checkFilter("realm.userSearchFilter", ldap.userSearchFilter(), Set.of(0), "{0}, the user's name", USER_FILTER_EXAMPLE);
    }

    /** No group search at all (no roles), or a base and a filter. */
    private static void checkGroupSearch(RealmSpec.Ldap ldap) {
        if (ldap.groupSearchBase().isEmpty() && ldap.groupSearchFilter().isEmpty()) {
            return;
        }
        requiredWith("realm.groupSearchBase", ldap.groupSearchBase(), "groupSearchFilter", "ou=groups,dc=example,dc=com");
        requiredWith("realm.groupSearchFilter", ldap.groupSearchFilter(), "groupSearchBase", GROUP_FILTER_EXAMPLE);
        checkDn("realm.groupSearchBase", ldap.groupSearchBase(), "ou=groups,dc=example,dc=com");
        checkFilter("realm.groupSearchFilter", ldap.groupSearchFilter(), Set.of(0, 1), "{0}, the user's DN, or {1}, the user's name",
                GROUP_FILTER_EXAMPLE);
        if (!ATTRIBUTE.matcher(ldap.groupNameAttribute()).matches()) {
            throw new DomainConfigException("realm.groupNameAttribute", "'" + ldap.groupNameAttribute() + "' is not an attribute name (e.g. cn)");
        }
    }

    private static void requiredWith(String field, String value, String other, String example) {
        if (value.isEmpty()) {
            throw new DomainConfigException(field, "is required with " + other + ", e.g. " + example);
        }
    }

    private static void checkDn(String field, String dn, String example) {
        try {
            new LdapName(dn);
        } catch (InvalidNameException e) {
            throw new DomainConfigException(field, "'" + dn + "' is not a DN (" + e.getMessage() + "); e.g. " + example);
        }
    }

    private static void checkFilter(String field, String filter, Set<Integer> allowed, String what, String example) {
        RealmSpec.Ldap.filterProblem(filter).ifPresent(problem -> {
            throw new DomainConfigException(field, "'" + filter + "' " + problem + "; e.g. " + example);
        });
        checkPlaceholders(field, filter, allowed, what, example);
    }

    /** At least one placeholder, and only the {@code allowed} ones: a filter without the user in it would find the same entries for everyone. */
    private static void checkPlaceholders(String field, String text, Set<Integer> allowed, String what, String example) {
        SortedSet<Integer> used = RealmSpec.Ldap.placeholders(text);
        for (int placeholder : used) {
            if (!allowed.contains(placeholder)) {
                throw new DomainConfigException(field, "'" + text + "' has {" + placeholder + "}; it knows only " + what + ", e.g. " + example);
            }
        }
        if (used.isEmpty()) {
            throw new DomainConfigException(field, "'" + text + "' has no " + what + ", e.g. " + example);
        }
    }
}
