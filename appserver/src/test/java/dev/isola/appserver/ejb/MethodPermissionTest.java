package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.security.Caller;
import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MethodPermissionTest {

    private static final DeploymentException.Location AT = new DeploymentException.Location("app", "ejb.jar", "Bean", null);

    @RolesAllowed({"customers", "customers", "staff"})
    static class Guarded {
        public void classLevel() {
        }

        @PermitAll
        public void open() {
        }

        @DenyAll
        public void closed() {
        }

        @RolesAllowed("staff")
        public void staffOnly() {
        }
    }

    static class Unguarded {
        public void anything() {
        }
    }

    static class SubclassOfGuarded extends Guarded {
        public void own() {
        }
    }

    static class Conflicting {
        @PermitAll
        @RolesAllowed("staff")
        public void both() {
        }
    }

    private static MethodPermission of(Class<?> type, String method) throws NoSuchMethodException {
        return MethodPermission.of(type.getMethod(method), AT);
    }

    @Test
    void theMethodsAnnotationWinsOverTheClasssAndNoneIsUnchecked() throws Exception {
        assertEquals(new MethodPermission.Roles(Set.of("customers", "staff")), of(Guarded.class, "classLevel"));
        assertInstanceOf(MethodPermission.Unchecked.class, of(Guarded.class, "open"));
        assertInstanceOf(MethodPermission.Excluded.class, of(Guarded.class, "closed"));
        assertEquals(new MethodPermission.Roles(Set.of("staff")), of(Guarded.class, "staffOnly"));
        assertInstanceOf(MethodPermission.Unchecked.class, of(Unguarded.class, "anything"));
    }

    @Test
    void aClassAnnotationCoversTheMethodsThatClassDeclaresOnly() throws Exception {
        assertInstanceOf(MethodPermission.Unchecked.class, of(SubclassOfGuarded.class, "own"));
        assertEquals(new MethodPermission.Roles(Set.of("customers", "staff")), of(SubclassOfGuarded.class, "classLevel"));
    }

    @Test
    void rolesAdmitCallersInAnyOfThemAndNeverTheAnonymous() {
        MethodPermission roles = new MethodPermission.Roles(Set.of("customers", "staff"));
        assertTrue(roles.allows(new Caller("ann", Set.of("staff"))));
        assertFalse(roles.allows(new Caller("bob", Set.of("guests"))));
        assertFalse(roles.allows(null));
        assertFalse(new MethodPermission.Excluded().allows(new Caller("ann", Set.of("staff"))));
        assertTrue(new MethodPermission.Unchecked().allows(null));
    }

    @Test
    void twoPermissionsOnOneMethodFailTheDeployment() {
        DeploymentException e = assertThrows(DeploymentException.class, () -> of(Conflicting.class, "both"));
        assertTrue(e.getMessage().endsWith("method both carries more than one of @PermitAll, @DenyAll and @RolesAllowed; they exclude each other"),
                e.getMessage());
    }
}
