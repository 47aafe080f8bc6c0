package dev.isola.appserver.web;

import dev.isola.appserver.security.Caller;
import dev.isola.appserver.security.RoleMapping;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.realm.GenericPrincipal;
import org.apache.catalina.realm.LockOutRealm;

import java.security.Principal;
import java.util.Arrays;
import java.util.Set;
import java.util.function.Function;

/**
 * The realm Tomcat asks for every web module of the domain: the domain's realm behind Tomcat's
 * lock-out, which signs users in, and the asking module's {@link RoleMapping}, which says which
 * roles a signed-in user holds there. The realm knows users and their groups only; a role is the
 * application's word, mapped per module, so that one user in one group can be in different roles
 * in different applications, as the deployer mapped them.
 */
final class ApplicationRolesRealm extends LockOutRealm {

    private final Function<Context, RoleMapping> mappings;

    /** @param mappings the mapping of a deployed module's context */
    ApplicationRolesRealm(Function<Context, RoleMapping> mappings) {
        this.mappings = mappings;
    }

    @Override
    public boolean hasRole(Wrapper wrapper, Principal principal, String role) {
        if (!(principal instanceof GenericPrincipal user) || role == null) {
            return false;
        }
        Context context = wrapper != null && wrapper.getParent() instanceof Context c ? c : null;
        if (context != null && context.findRoleMapping(role) != null) {
            // Tomcat's own role links (none are set here, but an application's context.xml could); its realms follow them too.
            role = context.findRoleMapping(role);
        }
        RoleMapping mapping = context == null ? RoleMapping.GROUPS_ARE_ROLES : mappings.apply(context);
        // Set.copyOf rather than Set.of: a realm may list a group twice.
        return mapping.grants(new Caller(user.getName(), Set.copyOf(Arrays.asList(user.getRoles()))), role);
    }
}
