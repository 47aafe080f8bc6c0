package dev.isola.domains.testapp;

import dev.isola.domains.testapp.secured.Auditor;
import dev.isola.domains.testapp.secured.AuditorBean;
import dev.isola.domains.testapp.secured.Vault;
import dev.isola.domains.testapp.secured.VaultBean;
import dev.isola.domains.testapp.secured.VaultServlet;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

import java.nio.file.Path;

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

    /** Where the secured application answers anyone, and where only signed-in customers (HTTP Basic). */
    public static final String VAULT_OPEN = "/vault/open/call", VAULT_MEMBERS = "/vault/members/call";

    /**
     * Writes the secured application, {@code vault}: a servlet behind a web.xml security
     * constraint (role customers, HTTP Basic) and in the open, calling beans with
     * {@code @RolesAllowed}, {@code @PermitAll}, {@code @DenyAll} and {@code @RunAs}.
     */
    public static Path vault(Path directory, String fileName) {
        JavaArchive ejb = ShrinkWrap.create(JavaArchive.class, "vault-ejb.jar").addClasses(Vault.class, VaultBean.class, Auditor.class, AuditorBean.class);
        WebArchive web = ShrinkWrap.create(WebArchive.class, "vault.war").addClasses(VaultServlet.class).setWebXML(new StringAsset("""
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
        Path file = directory.resolve(fileName);
        ear.as(ZipExporter.class).exportTo(file.toFile(), true);
        return file;
    }
}
