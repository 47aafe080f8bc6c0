package dev.isola.appserver.deploy;

import dev.isola.appserver.Deployment;
import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.ShopApp;
import dev.isola.appserver.support.TestApps;
import org.eclipse.jetty.client.ContentResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An EAR laid out as the maven-ear-plugin makes it, deployed into a running server and used
 * over HTTP: injection into servlets, filters and listeners, the three kinds of view (remote by
 * value), JNDI names from both tiers, JSP with JSTL.
 */
class EarDeploymentTest {

    static RunningServer fixture;
    static Deployment shop;

    @BeforeAll
    static void deploy() {
        fixture = new RunningServer();
        Path ear = fixture.export(TestApps.mavenStyleEar("shop.ear", "shop-ear", ShopApp.ejb(), ShopApp.web(), "/shop", ShopApp.model()));
        shop = fixture.server().deploy(ear);
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
    }

    @Test
    void modulesAndContextRootComeFromApplicationXml() {
        assertEquals("shop", shop.applicationName());
        assertEquals(java.util.List.of("shop-ejb-1.0.jar (ejb)", "shop-web-1.0.war (web, /shop)"), shop.modules());
    }

    @Test
    void servletCallsNoInterfaceViewWithDescriptorEnvEntryAndLibraryClass() {
        assertEquals("Hello, Ann", fixture.get("/shop/shop?op=greet&name=Ann"));
    }

    @Test
    void requestsRunOnVirtualThreads() {
        assertEquals("virtual=true", fixture.get("/shop/shop?op=thread"));
    }

    @Test
    void filtersAndListenersAreInjectedToo() {
        ContentResponse r = fixture.request("/shop/status");
        assertEquals("items at startup: 3", r.getContentAsString());
        assertEquals("Hello, filter", r.getHeaders().get("X-Filter"));
    }

    @Test
    void remoteViewCopiesArgumentsAndResults() {
        assertEquals("mine=[a] returned=[a, b] same=false", fixture.get("/shop/shop?op=byvalue"));
    }

    @Test
    void portableJndiNamesResolveFromWebAndEjbComponents() {
        String body = fixture.get("/shop/shop?op=jndi");
        for (String line : body.split("\n")) {
            assertTrue(!line.contains("=missing"), line);
        }
        assertTrue(body.contains("java:comp/env/greeting-text=hi"), body);
        assertTrue(body.contains("java:module/ModuleName=shop-web-1.0"), body);
        assertTrue(body.contains("java:comp/env/greeting=Hello"), body);
        assertTrue(body.contains("java:app/AppName=shop"), body);
        assertTrue(body.contains("context.lookup(greeting)=Hello"), body);
        assertTrue(body.lines().count() >= 18, body);
    }

    @Test
    void jspRendersWithJstl() {
        assertEquals("[fish][dog][cat]", fixture.get("/shop/shop?op=jsp").trim());
    }
}
