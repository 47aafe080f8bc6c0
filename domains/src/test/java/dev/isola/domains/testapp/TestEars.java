package dev.isola.domains.testapp;

import dev.isola.domains.testapp.secured.Auditor;
import dev.isola.domains.testapp.secured.AuditorBean;
import dev.isola.domains.testapp.secured.Vault;
import dev.isola.domains.testapp.secured.VaultBean;
import dev.isola.domains.testapp.secured.VaultServlet;
import dev.isola.domains.testapp.warbeans.Tally;
import dev.isola.domains.testapp.warbeans.TallyBean;
import dev.isola.domains.testapp.warbeans.TallyServlet;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The test EAR of the domain tests: servlet → EJB → JMS → MDB → Derby, in an EJB module and a
 * web module, as a user would package it (no descriptor: modules found by convention).
 */
public final class TestEars {

    /** Where the application answers, under a domain's HTTP root. */
    public static final String ORDERS_PATH = "/orders/orders";

    private TestEars() {
    }

    /** Writes {@code <directory>/<fileName>} and returns its path. */
    public static Path orders(Path directory, String fileName) {
        JavaArchive ejb = ShrinkWrap.create(JavaArchive.class, "orders-ejb.jar")
                .addClasses(OrderDesk.class, OrderDeskBean.class, OrderProcessorBean.class, SchemaBean.class);
        WebArchive web = ShrinkWrap.create(WebArchive.class, "orders.war").addClasses(OrdersServlet.class);
        EnterpriseArchive ear = ShrinkWrap.create(EnterpriseArchive.class, fileName).addAsModule(ejb).addAsModule(web);
        Path file = directory.resolve(fileName);
        ear.as(ZipExporter.class).exportTo(file.toFile(), true);
        return file;
    }

    /** Writes {@code <directory>/<fileName>}, a WAR that packages an enterprise bean its servlet calls ({@code GET /<war name>/tally?add=N}). */
    public static Path tallyWar(Path directory, String fileName) {
        WebArchive war = ShrinkWrap.create(WebArchive.class, fileName).addClasses(Tally.class, TallyBean.class, TallyServlet.class);
        Path file = directory.resolve(fileName);
        war.as(ZipExporter.class).exportTo(file.toFile(), true);
        return file;
    }

    /** Where the secured application answers anyone, and where only signed-in customers (HTTP Basic). */
    public static final String VAULT_OPEN = "/vault/open/call", VAULT_MEMBERS = "/vault/members/call";

    /**
     * Writes the secured application, {@code vault}: a servlet behind a web.xml security
     * constraint (role customers, HTTP Basic) and in the open, calling beans with
     * {@code @RolesAllowed}, {@code @PermitAll}, {@code @DenyAll} and {@code @RunAs}.
     */
    public static Path vault(Path directory, String fileName) {
        return vault(directory, fileName, "vault", Optional.empty(), Optional.empty());
    }

    /** Where the secured application with role mappings answers, as {@link #VAULT_OPEN} and {@link #VAULT_MEMBERS}. */
    public static final String MAPPED_VAULT_OPEN = "/mapped-vault/open/call", MAPPED_VAULT_MEMBERS = "/mapped-vault/members/call";

    /**
     * Writes the secured application as {@code mapped-vault} (web module {@code mapped-vault.war}), with GlassFish's
     * role-mapping descriptors: {@code glassfish-application.xml} maps role customers onto group buyers and user carol,
     * and role staff onto group employees; the EJB module's {@code glassfish-ejb-jar.xml} maps staff onto user gina
     * alone, which wins over the application's mapping in that module.
     */
    public static Path mappedVault(Path directory, String fileName) {
        return vault(directory, fileName, "mapped-vault", Optional.of("""
                <glassfish-application>
                  <security-role-mapping>
                    <role-name>customers</role-name>
                    <principal-name>carol</principal-name>
                    <group-name>buyers</group-name>
                  </security-role-mapping>
                  <security-role-mapping>
                    <role-name>staff</role-name>
                    <group-name>employees</group-name>
                  </security-role-mapping>
                </glassfish-application>
                """), Optional.of("""
                <glassfish-ejb-jar>
                  <security-role-mapping>
                    <role-name>staff</role-name>
                    <principal-name>gina</principal-name>
                  </security-role-mapping>
                </glassfish-ejb-jar>
                """));
    }

    /**
     * Writes the secured application with web module {@code <webModule>.war} (its context root) and, when given, GlassFish's
     * {@code glassfish-application.xml} and the EJB module's {@code glassfish-ejb-jar.xml} with the text given.
     */
    public static Path vault(Path directory, String fileName, String webModule, Optional<String> applicationMapping, Optional<String> ejbMapping) {
        JavaArchive ejb = ShrinkWrap.create(JavaArchive.class, webModule + "-ejb.jar").addClasses(Vault.class, VaultBean.class, Auditor.class, AuditorBean.class);
        ejbMapping.ifPresent(xml -> ejb.addAsManifestResource(new StringAsset(xml), "glassfish-ejb-jar.xml"));
        WebArchive web = ShrinkWrap.create(WebArchive.class, webModule + ".war").addClasses(VaultServlet.class).setWebXML(new StringAsset("""
                <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
                  <security-constraint>
                    <web-resource-collection>
                      <web-resource-name>members</web-resource-name>
                      <url-pattern>/members/*</url-pattern>
                    </web-resource-collection>
                    <auth-constraint><role-name>customers</role-name></auth-constraint>
                  </security-constraint>
                  <login-config>
                    <auth-method>BASIC</auth-method>
                    <realm-name>vault</realm-name>
                  </login-config>
                  <security-role><role-name>customers</role-name></security-role>
                  <security-role><role-name>staff</role-name></security-role>
                </web-app>
                """));
        EnterpriseArchive ear = ShrinkWrap.create(EnterpriseArchive.class, fileName).addAsModule(ejb).addAsModule(web);
        applicationMapping.ifPresent(xml -> ear.addAsManifestResource(new StringAsset(xml), "glassfish-application.xml"));
        Path file = directory.resolve(fileName);
        ear.as(ZipExporter.class).exportTo(file.toFile(), true);
        return file;
    }
}
