package dev.isola.appserver.deploy;

import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.described.CatalogueBean;
import dev.isola.appserver.testapps.described.DescribedServlet;
import dev.isola.appserver.testapps.jpa.Book;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * References declared in deployment descriptors rather than by annotations: {@code web.xml}'s
 * {@code <env-entry>}, {@code <resource-ref>}, {@code <ejb-local-ref>}, {@code <persistence-context-ref>} and
 * {@code <persistence-unit-ref>} with {@code <injection-target>}s (a field, a setter) or for
 * lookups, one overriding an annotation's lookup name; an {@code ejb-jar.xml} bean's
 * {@code <persistence-context-ref>}; and targets that name nothing, refused.
 */
class DescribedReferencesTest {

    static RunningServer fixture;

    static final String PERSISTENCE = """
            <persistence xmlns="https://jakarta.ee/xml/ns/persistence" version="3.2">
              <persistence-unit name="catalogue">
                <properties>
                  <property name="jakarta.persistence.schema-generation.database.action" value="drop-and-create"/>
                </properties>
              </persistence-unit>
            </persistence>
            """;

    static final String EJB_JAR = """
            <ejb-jar xmlns="https://jakarta.ee/xml/ns/jakartaee" version="4.0">
              <enterprise-beans>
                <session>
                  <ejb-name>CatalogueBean</ejb-name>
                  <persistence-context-ref>
                    <persistence-context-ref-name>persistence/Books</persistence-context-ref-name>
                    <persistence-unit-name>catalogue</persistence-unit-name>
                    <injection-target>
                      <injection-target-class>dev.isola.appserver.testapps.described.CatalogueBean</injection-target-class>
                      <injection-target-name>books</injection-target-name>
                    </injection-target>
                  </persistence-context-ref>
                </session>
              </enterprise-beans>
            </ejb-jar>
            """;

    static final String SERVLET = "dev.isola.appserver.testapps.described.DescribedServlet";

    static String webXml(String dataTarget) {
        return """
                <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.1">
                  <servlet><servlet-name>described</servlet-name><servlet-class>%1$s</servlet-class></servlet>
                  <servlet-mapping><servlet-name>described</servlet-name><url-pattern>/described</url-pattern></servlet-mapping>
                  <env-entry>
                    <env-entry-name>greeting</env-entry-name>
                    <env-entry-type>java.lang.String</env-entry-type>
                    <env-entry-value>shelves:</env-entry-value>
                    <injection-target><injection-target-class>%1$s</injection-target-class><injection-target-name>greeting</injection-target-name></injection-target>
                  </env-entry>
                  <env-entry>
                    <env-entry-name>shelves</env-entry-name>
                    <env-entry-type>java.lang.Integer</env-entry-type>
                    <env-entry-value>12</env-entry-value>
                    <injection-target><injection-target-class>%1$s</injection-target-class><injection-target-name>shelves</injection-target-name></injection-target>
                  </env-entry>
                  <resource-ref>
                    <res-ref-name>jdbc/Data</res-ref-name>
                    <res-type>javax.sql.DataSource</res-type>
                    <lookup-name>java:comp/DefaultDataSource</lookup-name>
                    <injection-target><injection-target-class>%1$s</injection-target-class><injection-target-name>%2$s</injection-target-name></injection-target>
                  </resource-ref>
                  <resource-ref>
                    <res-ref-name>jdbc/Overridden</res-ref-name>
                    <res-type>javax.sql.DataSource</res-type>
                    <lookup-name>java:comp/DefaultDataSource</lookup-name>
                  </resource-ref>
                  <resource-ref>
                    <res-ref-name>jdbc/LookedUp</res-ref-name>
                    <res-type>javax.sql.DataSource</res-type>
                    <lookup-name>java:comp/DefaultDataSource</lookup-name>
                  </resource-ref>
                  <ejb-local-ref>
                    <ejb-ref-name>ejb/Catalogue</ejb-ref-name>
                    <local>dev.isola.appserver.testapps.described.CatalogueBean</local>
                    <ejb-link>CatalogueBean</ejb-link>
                    <injection-target><injection-target-class>%1$s</injection-target-class><injection-target-name>catalogue</injection-target-name></injection-target>
                  </ejb-local-ref>
                  <persistence-context-ref>
                    <persistence-context-ref-name>persistence/Catalogue</persistence-context-ref-name>
                    <injection-target><injection-target-class>%1$s</injection-target-class><injection-target-name>em</injection-target-name></injection-target>
                  </persistence-context-ref>
                  <persistence-unit-ref>
                    <persistence-unit-ref-name>persistence/CatalogueFactory</persistence-unit-ref-name>
                    <persistence-unit-name>catalogue</persistence-unit-name>
                    <injection-target><injection-target-class>%1$s</injection-target-class><injection-target-name>entityManagerFactory</injection-target-name></injection-target>
                  </persistence-unit-ref>
                </web-app>
                """.formatted(SERVLET, dataTarget);
    }

    static EnterpriseArchive ear(String name, String dataTarget) {
        return TestApps.mavenStyleEar(name + ".ear", name, TestApps.ejbJar(name + "-ejb.jar", CatalogueBean.class, Book.class)
                        .addAsManifestResource(new StringAsset(PERSISTENCE), "persistence.xml")
                        .addAsManifestResource(new StringAsset(EJB_JAR), "ejb-jar.xml"),
                TestApps.war(name + "-web.war", DescribedServlet.class).setWebXML(new StringAsset(webXml(dataTarget))), "/" + name);
    }

    @BeforeAll
    static void start() {
        fixture = new RunningServer();
        fixture.server().deploy(fixture.export(ear("described", "data")));
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
    }

    @Test
    void descriptorsDeclareWhatAnnotationsWouldAndOverrideThem() {
        assertEquals("data Apache Derby, overridden Apache Derby, looked up Apache Derby, bean Emma, servlet Emma, factory open true, shelves: 12",
                fixture.get("/described/described?title=Emma"));
    }

    @Test
    void anInjectionTargetThatNamesNothingFailsTheDeployment() {
        Path ear = fixture.export(ear("mistargeted", "database"));
        DeploymentException e = assertThrows(DeploymentException.class, () -> fixture.server().deploy(ear));
        assertTrue(e.getMessage().contains("WEB-INF/web.xml: <resource-ref> jdbc/Data: its <injection-target> " + SERVLET
                + ".database is neither a field of the class nor a property with a setter"), e.getMessage());
        assertTrue(fixture.server().deployments().stream().noneMatch(d -> d.name().equals("mistargeted")), "nothing of it stays deployed");
    }
}
