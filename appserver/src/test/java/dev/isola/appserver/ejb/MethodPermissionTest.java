package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.security.Caller;
import dev.isola.appserver.security.RoleMapping;
import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
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
        return MethodPermission.of(type.getMethod(method), List.of(), AT);
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
        RoleMapping groupsAreRoles = RoleMapping.GROUPS_ARE_ROLES;
        assertTrue(roles.allows(new Caller("ann", Set.of("staff")), groupsAreRoles));
        assertFalse(roles.allows(new Caller("bob", Set.of("guests")), groupsAreRoles));
        assertFalse(roles.allows(null, groupsAreRoles));
        assertFalse(new MethodPermission.Excluded().allows(new Caller("ann", Set.of("staff")), groupsAreRoles));
        assertTrue(new MethodPermission.Unchecked().allows(null, groupsAreRoles));
    }

    @Test
    void rolesAreCheckedThroughTheModulesMapping() {
        MethodPermission staffOnly = new MethodPermission.Roles(Set.of("staff"));
        RoleMapping mapping = new RoleMapping(Map.of("staff", new RoleMapping.Grantees(Set.of("carol"), Set.of("employees"))));
        assertTrue(staffOnly.allows(new Caller("ann", Set.of("employees")), mapping), "a member of a mapped group");
        assertTrue(staffOnly.allows(new Caller("carol", Set.of()), mapping), "a mapped user");
        assertFalse(staffOnly.allows(new Caller("bob", Set.of("staff")), mapping), "the group of the role's name no longer holds a mapped role");
        assertTrue(staffOnly.allows(Caller.runAs("dave", "staff"), mapping), "a run-as role is held whatever the mapping");
    }

    /** An ejb-jar.xml in a module directory of {@code dir}, read as a deployment reads it. */
    private static EjbJarXml descriptor(java.nio.file.Path dir, String assembly) throws java.io.IOException {
        java.nio.file.Files.createDirectories(dir.resolve("META-INF"));
        java.nio.file.Files.writeString(dir.resolve("META-INF/ejb-jar.xml"), """
                <ejb-jar xmlns="https://jakarta.ee/xml/ns/jakartaee" version="4.0">
                  <enterprise-beans>
                    <session><ejb-name>Guarded</ejb-name><security-identity><run-as><role-name>auditors</role-name></run-as></security-identity></session>
                  </enterprise-beans>
                  <assembly-descriptor>%s</assembly-descriptor>
                </ejb-jar>
                """.formatted(assembly));
        return EjbJarXml.read(dir, AT);
    }

    @Test
    void theDescriptorsPermissionsWinOverAnnotationsForTheMethodsTheyName(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        EjbJarXml xml = descriptor(dir, """
                <method-permission><role-name>clerks</role-name><method><ejb-name>Guarded</ejb-name><method-name>open</method-name></method></method-permission>
                <method-permission><role-name>managers</role-name><method><ejb-name>Guarded</ejb-name><method-name>open</method-name></method></method-permission>
                <method-permission><unchecked/><method><ejb-name>Guarded</ejb-name><method-name>closed</method-name></method></method-permission>
                <exclude-list><method><ejb-name>Guarded</ejb-name><method-name>staffOnly</method-name><method-params/></method></exclude-list>
                <method-permission><role-name>elsewhere</role-name><method><ejb-name>Other</ejb-name><method-name>*</method-name></method></method-permission>
                """);
        List<EjbJarXml.MethodPermissionEntry> entries = xml.methodPermissionsOf("Guarded");

        assertEquals(new MethodPermission.Roles(Set.of("clerks", "managers")), MethodPermission.of(Guarded.class.getMethod("open"), entries, AT));
        assertInstanceOf(MethodPermission.Unchecked.class, MethodPermission.of(Guarded.class.getMethod("closed"), entries, AT));
        assertInstanceOf(MethodPermission.Excluded.class, MethodPermission.of(Guarded.class.getMethod("staffOnly"), entries, AT));
        assertEquals(new MethodPermission.Roles(Set.of("customers", "staff")), MethodPermission.of(Guarded.class.getMethod("classLevel"), entries, AT),
                "a method the descriptor does not name keeps its annotations");
        assertEquals(Map.of("Guarded", "auditors"), xml.runAsRoles());
    }

    @Test
    void aMethodPermissionWithNeitherRolesNorUncheckedIsRefused(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        DeploymentException e = assertThrows(DeploymentException.class, () -> descriptor(dir,
                "<method-permission><method><ejb-name>Guarded</ejb-name><method-name>*</method-name></method></method-permission>"));
        assertTrue(e.getMessage().endsWith("ejb-jar.xml: a <method-permission> has either <role-name>s or <unchecked/>, and this one has neither"),
                e.getMessage());
    }

    @Test
    void twoPermissionsOnOneMethodFailTheDeployment() {
        DeploymentException e = assertThrows(DeploymentException.class, () -> of(Conflicting.class, "both"));
        assertTrue(e.getMessage().endsWith("method both carries more than one of @PermitAll, @DenyAll and @RolesAllowed; they exclude each other"),
                e.getMessage());
    }
}
