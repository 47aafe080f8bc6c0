package dev.isola.appserver.deploy;

import dev.isola.appserver.security.RoleMapping;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RoleMappingXmlTest {

    private static final DeploymentException.Location AT = new DeploymentException.Location("shop", "shop-web.war", null, null);

    @TempDir
    Path dir;

    private Path write(String xml) throws IOException {
        Path file = dir.resolve("glassfish-web.xml");
        Files.writeString(file, xml);
        return file;
    }

    @Test
    void rolesAreMappedOntoPrincipalsAndGroups() throws IOException {
        Path file = write("""
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE glassfish-web-app PUBLIC "-//GlassFish.org//DTD GlassFish Application Server 3.1 Servlet 3.0//EN"
                  "http://glassfish.org/dtds/glassfish-web-app_3_0-1.dtd">
                <glassfish-web-app>
                  <context-root>/shop</context-root>
                  <security-role-mapping>
                    <role-name>customers</role-name>
                    <group-name>buyers</group-name>
                    <group-name> members </group-name>
                  </security-role-mapping>
                  <security-role-mapping>
                    <role-name>staff</role-name>
                    <principal-name>carol</principal-name>
                  </security-role-mapping>
                  <security-role-mapping>
                    <role-name>staff</role-name>
                    <group-name>employees</group-name>
                  </security-role-mapping>
                </glassfish-web-app>
                """);
        RoleMapping mapping = RoleMappingXml.read(file, AT);
        assertEquals(Map.of("customers", new RoleMapping.Grantees(Set.of(), Set.of("buyers", "members")),
                "staff", new RoleMapping.Grantees(Set.of("carol"), Set.of("employees"))), mapping.roles(),
                "the DTD is not fetched, blanks are dropped, a role mapped twice holds everyone both name");
    }

    @Test
    void noDescriptorMeansGroupsAreRoles() {
        assertSame(RoleMapping.GROUPS_ARE_ROLES, RoleMappingXml.read(dir.resolve("glassfish-web.xml"), AT));
    }

    @Test
    void aMappingThatPutsNobodyInItsRoleIsRefusedNamingTheRole() throws IOException {
        Path file = write("<glassfish-web-app><security-role-mapping><role-name>staff</role-name></security-role-mapping></glassfish-web-app>");
        DeploymentException e = assertThrows(DeploymentException.class, () -> RoleMappingXml.read(file, AT));
        assertEquals("glassfish-web.xml: the security-role-mapping of role staff names no <principal-name> and no <group-name>; nobody would"
                + " be in the role (leave the mapping out to let the group staff hold it)", e.reason());
        assertEquals("shop-web.war", e.module());
    }

    @Test
    void aMappingWithoutARoleOrWithAnEmptyNameIsRefused() throws IOException {
        Path noRole = write("<glassfish-web-app><security-role-mapping><group-name>g</group-name></security-role-mapping></glassfish-web-app>");
        assertEquals("glassfish-web.xml: security-role-mapping 1 has no <role-name>",
                assertThrows(DeploymentException.class, () -> RoleMappingXml.read(noRole, AT)).reason());
        Path emptyGroup = write("<glassfish-web-app><security-role-mapping><role-name>r</role-name><group-name> </group-name>"
                + "</security-role-mapping></glassfish-web-app>");
        assertEquals("glassfish-web.xml: the security-role-mapping of role r has an empty <group-name>",
                assertThrows(DeploymentException.class, () -> RoleMappingXml.read(emptyGroup, AT)).reason());
    }

    @Test
    void aMalformedDescriptorIsRefusedWithItsLine() throws IOException {
        Path file = write("<glassfish-web-app>\n<security-role-mapping>\n</glassfish-web-app>");
        String reason = assertThrows(DeploymentException.class, () -> RoleMappingXml.read(file, AT)).reason();
        assertEquals(true, reason.startsWith("glassfish-web.xml line 3"), reason);
    }
}
