package dev.isola.appserver.deploy;

import dev.isola.appserver.Deployment;
import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.warbeans.Greeter;
import dev.isola.appserver.testapps.warbeans.Visits;
import dev.isola.appserver.testapps.warbeans.WarBeansServlet;
import dev.isola.appserver.testapps.warbeans.lib.Clock;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Enterprise beans packaged in a WAR (the Web Profile's packaging): in {@code WEB-INF/classes}
 * and in a JAR of {@code WEB-INF/lib}, in a standalone WAR and in a WAR of an EAR, injected into
 * and looked up from the servlet beside them, in the web module's {@code java:module}.
 */
class WarWithBeansTest {

    static RunningServer fixture;

    /** The WAR with the three beans and the servlet; {@code name} is its file name. */
    static WebArchive war(String name) {
        return TestApps.war(name, WarBeansServlet.class, Greeter.class, Visits.class)
                .addAsLibrary(TestApps.library("clock.jar", Clock.class));
    }

    @BeforeAll
    static void start() {
        fixture = new RunningServer();
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
    }

    @Test
    void aStandaloneWarsBeansServeItsServlet() {
        Deployment deployment = fixture.server().deploy(fixture.export(war("counter.war")));
        try {
            assertEquals("""
                    Hello, Ann, from module counter as ANONYMOUS
                    looked up: Hello, Bob, from module counter as ANONYMOUS
                    visit 1, started at deployment: true
                    clock: UTC
                    servlet's Greeter loaded by app:counter""", fixture.get("/counter/beans"));
            assertTrue(fixture.get("/counter/beans").contains("visit 2,"), "one singleton");
            String beans = String.join("\n", deployment.beans());
            assertTrue(beans.contains("Greeter") && beans.contains("Visits") && beans.contains("Clock"), beans);
        } finally {
            fixture.server().undeploy(deployment.name());
        }
    }

    @Test
    void aWarInAnEarPackagesBeansToo() {
        EnterpriseArchive ear = ShrinkWrap.create(EnterpriseArchive.class, "visits.ear").addAsModule(war("visits-web.war"));
        Deployment deployment = fixture.server().deploy(fixture.export(ear));
        try {
            assertTrue(fixture.get("/visits-web/beans").startsWith("Hello, Ann, from module visits-web as ANONYMOUS\n"));
        } finally {
            fixture.server().undeploy(deployment.name());
        }
    }

    @Test
    void aBadWebInfEjbJarXmlFailsTheDeploymentAndLeavesNothing() {
        WebArchive bad = war("badbeans.war").addAsWebInfResource(new StringAsset("""
                <ejb-jar xmlns="https://jakarta.ee/xml/ns/jakartaee" version="4.0">
                  <enterprise-beans><session><ejb-name>Ghost</ejb-name></session></enterprise-beans>
                </ejb-jar>
                """), "ejb-jar.xml");
        Path archive = fixture.export(bad);
        DeploymentException e = assertThrows(DeploymentException.class, () -> fixture.server().deploy(archive));
        assertTrue(e.getMessage().contains("ejb-jar.xml: session Ghost needs <ejb-class> and <session-type>"), e.getMessage());
        assertFalse(fixture.server().deployments().stream().anyMatch(d -> d.name().equals("badbeans")));
        assertFalse(Files.exists(fixture.workDirectory().resolve("badbeans")), "the unpacked archive is gone");
        assertEquals(404, fixture.request("/badbeans/beans").getStatus());
    }
}
