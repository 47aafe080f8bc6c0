package dev.isola.appserver.security;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which users and groups of the domain's realm are in each role of one application module: the
 * deployer's mapping of the roles an application declares onto the people of the place it runs,
 * as GlassFish's {@code security-role-mapping} (read from the archive's {@code glassfish-*.xml}
 * descriptors). A role the mapping names is held by the principals and the members of the groups
 * it lists, and by nobody else; a role it does not name is held by the members of the group of
 * the same name (group = role, the default of every realm here). Roles a {@link Caller} holds as
 * a {@code @RunAs} bean are held whatever the mapping says.
 *
 * @param roles the mapped roles, by name
 */
public record RoleMapping(Map<String, Grantees> roles) {

    /** No mapping: every group is the role of its name. */
    public static final RoleMapping GROUPS_ARE_ROLES = new RoleMapping(Map.of());

    /** Who is in one mapped role: users by name, and the members of groups. */
    public record Grantees(Set<String> principals, Set<String> groups) {
        public Grantees {
            principals = Set.copyOf(principals);
            groups = Set.copyOf(groups);
        }

        boolean include(Caller caller) {
            return principals.contains(caller.name()) || caller.groups().stream().anyMatch(groups::contains);
        }
    }

    public RoleMapping {
        roles = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(roles, "roles")));
    }

    /** Whether {@code caller} (null: anonymous, in no role) is in {@code role}. */
    public boolean grants(Caller caller, String role) {
        if (caller == null) {
            return false;
        }
        if (caller.runAsRoles().contains(role)) {
            return true;
        }
        Grantees grantees = roles.get(role);
        return grantees != null ? grantees.include(caller) : caller.groups().contains(role);
    }

    /** Every role {@code caller} is in, sorted: for messages that say why a call was refused. */
    public Set<String> rolesOf(Caller caller) {
        Set<String> result = new TreeSet<>(caller.runAsRoles());
        caller.groups().stream().filter(group -> !roles.containsKey(group)).forEach(result::add);
        roles.forEach((role, grantees) -> {
            if (grantees.include(caller)) {
                result.add(role);
            }
        });
        return result;
    }

    /** This mapping with {@code module}'s roles in place of its own of the same names: a module's descriptor wins over the application's. */
    public RoleMapping overriddenBy(RoleMapping module) {
        if (module.roles.isEmpty()) {
            return this;
        }
        Map<String, Grantees> merged = new LinkedHashMap<>(roles);
        merged.putAll(module.roles);
        return new RoleMapping(merged);
    }
}
