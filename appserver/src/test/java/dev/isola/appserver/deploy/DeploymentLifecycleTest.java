package dev.isola.appserver.deploy;

import dev.isola.appserver.support.Collected;
import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.ShopApp;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.bad.BrokenServlet;
import dev.isola.appserver.testapps.bad.ChickenBean;
import dev.isola.appserver.testapps.bad.EggBean;
import dev.isola.appserver.testapps.bad.FailingStartupBean;
import dev.isola.appserver.testapps.bad.HealthyStartupBean;
import dev.isola.appserver.testapps.bad.HelloServlet;
import dev.isola.appserver.testapps.bad.MissingService;
import dev.isola.appserver.testapps.calc.CalcClientServlet;
import dev.isola.appserver.testapps.calc.Calculator;
import dev.isola.appserver.testapps.calc.CalculatorBean;
import dev.isola.appserver.testapps.leak.LeakBean;
import dev.isola.appserver.testapps.leak.LeakForwardServlet;
import dev.isola.appserver.testapps.leak.LeakListener;
import dev.isola.appserver.testapps.leak.LeakMessageServlet;
import dev.isola.appserver.testapps.leak.LeakPayload;
import dev.isola.appserver.testapps.leak.LeakServlet;
import dev.isola.appserver.testapps.leak.LeakTasksServlet;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deployment shapes (EAR by convention, standalone WAR and EJB-JAR), undeployment releasing
 * the application's class loader, and bad input: each rejected with a message naming what is
 * wrong, and nothing of it left behind.
 */
class DeploymentLifecycleTest {

    static RunningServer fixture;

    @BeforeAll
    static void start() {
        fixture = new RunningServer();
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
    }

    private DeploymentException rejected(Path archive, String deploymentName) {
        DeploymentException e = assertThrows(DeploymentException.class, () -> fixture.server().deploy(archive));
        assertTrue(fixture.server().deployments().stream().noneMatch(d -> d.name().equals(deploymentName)), "still listed");
        assertFalse(Files.exists(fixture.workDirectory().resolve(deploymentName)), "files left in the work directory");
        return e;
    }

    @Test
    void earWithoutApplicationXmlUsesConventions() {
        Path ear = fixture.export(TestApps.conventionEar("conv.ear", ShopApp.ejb(), ShopApp.web(), ShopApp.model()));
        fixture.server().deploy(ear);
        try {
            assertEquals("Hello, Bo", fixture.get("/shop-web-1.0/shop?op=greet&name=Bo"));
        } finally {
            fixture.server().undeploy("conv");
        }
        assertEquals(404, fixture.request("/shop-web-1.0/shop?op=greet&name=Bo").getStatus());
    }

    @Test
    void standaloneWarReachesStandaloneEjbJarByGlobalName() {
        fixture.server().deploy(fixture.export(TestApps.ejbJar("calc.jar", Calculator.class, CalculatorBean.class)));
        fixture.server().deploy(fixture.export(TestApps.war("calc-client.war", CalcClientServlet.class, Calculator.class)));
        try {
            assertEquals("5", fixture.get("/calc-client/add?a=2&b=3"));
        } finally {
            fixture.server().undeploy("calc-client");
            fixture.server().undeploy("calc");
        }
    }

    @Test
    void undeployReleasesTheClassLoader() throws Exception {
        Path ear = fixture.export(TestApps.mavenStyleEar("leak.ear", "leak", TestApps.ejbJar("leak-ejb.jar", LeakBean.class, LeakListener.class,
                        LeakPayload.class),
                TestApps.war("leak-web.war", LeakServlet.class, LeakMessageServlet.class, LeakForwardServlet.class, LeakTasksServlet.class)
                        .addAsWebResource(new StringAsset("<%@ taglib prefix=\"c\" uri=\"jakarta.tags.core\" %><c:out value=\"${'jsp'}\"/>"),
                                "page.jsp")
                        .addAsWebInfResource(new StringAsset("<%@ taglib prefix=\"t\" tagdir=\"/WEB-INF/tags\" %><t:echo text=\"${who}\"/>"),
                                "forwarded.jsp")
                        .addAsWebInfResource(new StringAsset("<%@ attribute name=\"text\" required=\"true\" %>${text}"), "tags/echo.tag"),
                "/leak"));
        fixture.server().deploy(ear);
        assertEquals("now:Apache Derby later true", fixture.get("/leak/touch"));
        assertEquals("jsp", fixture.get("/leak/page.jsp").trim());
        // Compiled under the application's servlet, with a tag file whose bean information the compiler looks up: neither
        // the compiler's first use in the process nor the introspector's cache of the requests' virtual threads may keep it.
        assertEquals("forwarded", fixture.get("/leak/forward").trim());
        assertEquals("heard LeakPayload[text=hello]", fixture.get("/leak/message"), "the message-driven bean got the ObjectMessage");
        // Jakarta Concurrency work still pending, periodic, running and on a managed thread: the undeploy ends it all.
        assertEquals("tasks now", fixture.get("/leak/tasks"));
        WeakReference<ClassLoader> loader = fixture.server().deployment("leak").classLoader();
        assertTrue(loader.get() != null);
        fixture.server().undeploy("leak");
        assertTrue(Collected.await(loader), "the application's class loader is still reachable after undeploy");
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().contains("ds-java-app-jdbc-leak")),
                "a pool thread of the application's datasource survived");
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith("mdb-leak-")),
                "a consumer thread of the application's message-driven bean survived");
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith("leak-managed-thread-")),
                "a thread of the application's managed thread factory survived");
    }

    @Test
    void archiveThatIsNotAZipIsRejected() throws Exception {
        Path file = fixture.root().resolve("garbage.ear");
        Files.writeString(file, "this is not a zip file");
        DeploymentException e = rejected(file, "garbage");
        assertEquals("application garbage: archive garbage.ear is not a zip archive (zip END header not found)", e.getMessage());
    }

    @Test
    void archiveWithAnEntryLeavingItIsRejected() throws Exception {
        Path war = fixture.root().resolve("escape.war");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(war))) {
            zip.putNextEntry(new ZipEntry("../escape.txt"));
            zip.write("outside".getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        DeploymentException e = rejected(war, "escape");
        assertEquals("application escape: archive escape.war has an entry whose name leaves the archive: '../escape.txt'", e.getMessage());
    }

    /** An EAR of one web module, one.war, whose application.xml lists it and then has {@code more}. */
    private static Path earOfOneWar(String name, String more) {
        return fixture.export(ShrinkWrap.create(EnterpriseArchive.class, name)
                .addAsModule(TestApps.war("one.war", HelloServlet.class))
                .setApplicationXML(new StringAsset("""
                        <application xmlns="https://jakarta.ee/xml/ns/jakartaee" version="10">
                          <module><web><web-uri>one.war</web-uri></web></module>
                          %s
                        </application>
                        """.formatted(more))));
    }

    @Test
    void applicationXmlNamingAModuleThatIsNotInTheArchiveIsRejected() {
        DeploymentException e = rejected(earOfOneWar("ghost.ear", "<module><web><web-uri>two.war</web-uri></web></module>"), "ghost");
        assertEquals("application ghost: application.xml names module two.war, which is not in the archive", e.getMessage());
    }

    @Test
    void libraryDirectoryLeavingTheArchiveIsRejected() {
        DeploymentException e = rejected(earOfOneWar("outside.ear", "<library-directory>../../shared</library-directory>"), "outside");
        assertEquals("application outside: application.xml: <library-directory>../../shared</library-directory> leaves the archive", e.getMessage());
    }

    @Test
    void servletInjectingAMissingEjbIsRejected() {
        Path war = fixture.export(TestApps.war("broken-inject.war", BrokenServlet.class, MissingService.class));
        DeploymentException e = rejected(war, "broken-inject");
        assertEquals("broken-inject.war", e.module());
        assertEquals(BrokenServlet.class.getName(), e.className());
        assertEquals("field missing", e.member());
        assertTrue(e.reason().startsWith("@EJB cannot be satisfied: no enterprise bean in application broken-inject has a business view of type "
                + MissingService.class.getName()), e.reason());
        assertEquals(404, fixture.request("/broken-inject/broken").getStatus());
    }

    @Test
    void startupSingletonWhosePostConstructThrowsIsRejectedAndUndone() {
        System.clearProperty("isola.test.healthy.destroyed");
        Path jar = fixture.export(TestApps.ejbJar("failing-startup.jar", FailingStartupBean.class, HealthyStartupBean.class));
        DeploymentException e = rejected(jar, "failing-startup");
        assertEquals(FailingStartupBean.class.getName(), e.className());
        assertEquals("singleton FailingStartupBean failed to start: @PostConstruct method init threw java.lang.IllegalStateException: no configuration found",
                e.reason());
        assertEquals("1", System.getProperty("isola.test.healthy.destroyed"), "the singleton that had started was not destroyed");
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().contains("ds-java-app-jdbc-failing")),
                "the application's datasource pool threads survived");
    }

    @Test
    void circularDependsOnIsRejected() {
        Path jar = fixture.export(TestApps.ejbJar("cycle.jar", ChickenBean.class, EggBean.class));
        DeploymentException e = rejected(jar, "cycle");
        assertEquals("circular @DependsOn: ChickenBean -> EggBean -> ChickenBean", e.reason());
    }

    @Test
    void twoModulesClaimingOneContextRootAreRejected() {
        String xml = """
                <application xmlns="https://jakarta.ee/xml/ns/jakartaee" version="10">
                  <module><web><web-uri>one.war</web-uri><context-root>/same</context-root></web></module>
                  <module><web><web-uri>two.war</web-uri><context-root>same</context-root></web></module>
                </application>
                """;
        EnterpriseArchive ear = ShrinkWrap.create(EnterpriseArchive.class, "clash.ear")
                .addAsModule(TestApps.war("one.war", HelloServlet.class)).addAsModule(TestApps.war("two.war", HelloServlet.class))
                .setApplicationXML(new StringAsset(xml));
        DeploymentException e = rejected(fixture.export(ear), "clash");
        assertEquals("application clash, module two.war: context root '/same' is also claimed by module one.war of the same application", e.getMessage());
        assertEquals(404, fixture.request("/same/hello").getStatus());
    }

    @Test
    void contextRootOfAnotherApplicationIsRejected() {
        fixture.server().deploy(fixture.export(TestApps.war("hello.war", HelloServlet.class)));
        try {
            EnterpriseArchive ear = ShrinkWrap.create(EnterpriseArchive.class, "intruder.ear")
                    .addAsModule(TestApps.war("hello.war", HelloServlet.class));
            DeploymentException e = rejected(fixture.export(ear), "intruder");
            assertEquals("application intruder, module hello.war: context root '/hello' is already used by hello/hello", e.getMessage());
            assertTrue(fixture.get("/hello/hello").startsWith("hello from /hello"));
        } finally {
            fixture.server().undeploy("hello");
        }
    }

    @Test
    void deployingTheSameNameTwiceIsRejected() {
        Path war = fixture.export(TestApps.war("twice.war", HelloServlet.class));
        fixture.server().deploy(war);
        try {
            DeploymentException e = assertThrows(DeploymentException.class, () -> fixture.server().deploy(war));
            assertEquals("application twice: an application named twice is already deployed; undeploy it first", e.getMessage());
            assertTrue(fixture.get("/twice/hello").startsWith("hello from /twice"));
        } finally {
            fixture.server().undeploy("twice");
        }
        assertNull(fixture.server().deployment("twice"));
    }
}
