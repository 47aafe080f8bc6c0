package dev.isola.appserver.deploy;

import dev.isola.appserver.security.RoleMapping;
import org.w3c.dom.Element;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The {@code <security-role-mapping>}s of GlassFish's deployment descriptors, which applications
 * written for GlassFish and Payara carry: {@code META-INF/glassfish-application.xml} for a whole
 * EAR, {@code WEB-INF/glassfish-web.xml} for a web module and {@code META-INF/glassfish-ejb-jar.xml}
 * for an EJB module. Each maps a {@code <role-name>} onto {@code <principal-name>}s (users) and
 * {@code <group-name>}s of the domain's realm. The descriptors' other elements are GlassFish's own
 * settings and are not read.
 */
public final class RoleMappingXml {

    /** Where the descriptors are, relative to the unpacked EAR or module. */
    public static final String APPLICATION = "META-INF/glassfish-application.xml", WEB = "WEB-INF/glassfish-web.xml",
            EJB = "META-INF/glassfish-ejb-jar.xml";

    private RoleMappingXml() {
    }

    /**
     * The mapping {@code file} declares; {@link RoleMapping#GROUPS_ARE_ROLES} when there is no such file.
     *
     * @throws DeploymentException naming the file and the role, for a mapping without a role name or without anyone in the role
     */
    public static RoleMapping read(Path file, DeploymentException.Location location) {
        if (!Files.isRegularFile(file)) {
            return RoleMapping.GROUPS_ARE_ROLES;
        }
        Element root = Xml.parse(file, location);
        String name = file.getFileName().toString();
        Map<String, Set<String>> principals = new LinkedHashMap<>();
        Map<String, Set<String>> groups = new LinkedHashMap<>();
        int number = 0;
        for (Element mapping : Xml.children(root, "security-role-mapping")) {
            number++;
            String role = Xml.text(mapping, "role-name").orElse("");
            if (role.isEmpty()) {
                throw location.error(name + ": security-role-mapping " + number + " has no <role-name>");
            }
            Set<String> users = texts(mapping, "principal-name", name, role, location);
            Set<String> members = texts(mapping, "group-name", name, role, location);
            if (users.isEmpty() && members.isEmpty()) {
                throw location.error(name + ": the security-role-mapping of role " + role + " names no <principal-name> and no <group-name>;"
                        + " nobody would be in the role (leave the mapping out to let the group " + role + " hold it)");
            }
            // A role mapped twice in one file holds everyone either mapping names, as GlassFish reads it.
            principals.computeIfAbsent(role, r -> new LinkedHashSet<>()).addAll(users);
            groups.computeIfAbsent(role, r -> new LinkedHashSet<>()).addAll(members);
        }
        Map<String, RoleMapping.Grantees> roles = new LinkedHashMap<>();
        principals.forEach((role, users) -> roles.put(role, new RoleMapping.Grantees(users, groups.get(role))));
        return new RoleMapping(roles);
    }

    private static Set<String> texts(Element mapping, String element, String file, String role, DeploymentException.Location location) {
        Set<String> result = new LinkedHashSet<>();
        for (Element e : Xml.children(mapping, element)) {
            String text = e.getTextContent().trim();
            if (text.isEmpty()) {
                throw location.error(file + ": the security-role-mapping of role " + role + " has an empty <" + element + ">");
            }
            result.add(text);
        }
        return result;
    }
}
