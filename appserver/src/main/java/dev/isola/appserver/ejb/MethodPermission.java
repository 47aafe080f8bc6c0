package dev.isola.appserver.ejb;

import dev.isola.appserver.security.Caller;
import dev.isola.appserver.security.RoleMapping;
import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;

import dev.isola.appserver.deploy.DeploymentException;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Who may call a business method (section 13.3 of the Enterprise Beans specification). The
 * descriptor's {@code <method-permission>}s and {@code <exclude-list>} win over annotations
 * for the methods they name: an excluded method is closed, an unchecked one open, otherwise
 * the roles of every permission naming it count. Without them, {@code @PermitAll},
 * {@code @DenyAll} or {@code @RolesAllowed} on the method win over the same annotations on the
 * class that declares it; a method with neither is unchecked, open to every caller.
 */
sealed interface MethodPermission {

    /** Anyone, authenticated or not. */
    record Unchecked() implements MethodPermission {
        @Override
        public boolean allows(Caller caller, RoleMapping mapping) {
            return true;
        }
    }

    /** Nobody ({@code @DenyAll}). */
    record Excluded() implements MethodPermission {
        @Override
        public boolean allows(Caller caller, RoleMapping mapping) {
            return false;
        }
    }

    /** Callers in at least one of {@code roles}. */
    record Roles(Set<String> roles) implements MethodPermission {
        @Override
        public boolean allows(Caller caller, RoleMapping mapping) {
            return caller != null && roles.stream().anyMatch(role -> mapping.grants(caller, role));
        }
    }

    /** Whether {@code caller} (null: anonymous) may call the method, the roles it holds being those {@code mapping} gives it. */
    boolean allows(Caller caller, RoleMapping mapping);

    /**
     * The permission of {@code impl}, the bean class's implementation of a business method, with
     * the descriptor's {@code descriptor} entries for its bean.
     *
     * @throws DeploymentException if the method, or the class, carries more than one of the three annotations
     */
    static MethodPermission of(Method impl, List<EjbJarXml.MethodPermissionEntry> descriptor, DeploymentException.Location at) {
        List<EjbJarXml.MethodPermissionEntry> naming = descriptor.stream().filter(entry -> entry.names(impl)).toList();
        if (naming.stream().anyMatch(EjbJarXml.MethodPermissionEntry::excluded)) {
            return new Excluded();
        }
        if (naming.stream().anyMatch(entry -> entry.roles().isEmpty())) {
            return new Unchecked();
        }
        if (!naming.isEmpty()) {
            Set<String> roles = new java.util.TreeSet<>();
            naming.forEach(entry -> roles.addAll(entry.roles().orElseThrow()));
            return new Roles(Set.copyOf(roles));
        }
        MethodPermission onMethod = declaredOn(impl.getAnnotation(PermitAll.class), impl.getAnnotation(DenyAll.class),
                impl.getAnnotation(RolesAllowed.class), at, "method " + impl.getName());
        if (onMethod != null) {
            return onMethod;
        }
        Class<?> declaring = impl.getDeclaringClass();
        MethodPermission onClass = declaredOn(declaring.getAnnotation(PermitAll.class), declaring.getAnnotation(DenyAll.class),
                declaring.getAnnotation(RolesAllowed.class), at, "class " + declaring.getName());
        return onClass != null ? onClass : new Unchecked();
    }

    private static MethodPermission declaredOn(PermitAll permitAll, DenyAll denyAll, RolesAllowed rolesAllowed, DeploymentException.Location at,
                                               String where) {
        int declared = (permitAll != null ? 1 : 0) + (denyAll != null ? 1 : 0) + (rolesAllowed != null ? 1 : 0);
        if (declared > 1) {
            throw at.error(where + " carries more than one of @PermitAll, @DenyAll and @RolesAllowed; they exclude each other");
        }
        if (denyAll != null) {
            return new Excluded();
        }
        if (rolesAllowed != null) {
            return new Roles(Set.copyOf(Arrays.asList(rolesAllowed.value())));
        }
        return permitAll != null ? new Unchecked() : null;
    }
}
