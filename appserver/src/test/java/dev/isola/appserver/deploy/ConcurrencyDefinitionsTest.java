package dev.isola.appserver.deploy;

import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.taskdefs.DefinedResourcesServlet;
import dev.isola.appserver.testapps.taskdefs.DescribedResourcesServlet;
import dev.isola.appserver.testapps.taskdefs.DescribedTasksBean;
import dev.isola.appserver.testapps.taskdefs.DescribedTasksServlet;
import dev.isola.appserver.testapps.taskdefs.MostAtOnce;
import dev.isola.appserver.testapps.taskdefs.UndefinedContextService;
import dev.isola.appserver.testapps.taskdefs.UnknownContextType;
import dev.isola.appserver.testapps.taskdefs.ZeroMaxAsync;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Jakarta Concurrency resources an application defines with annotations: bound where they say,
 * honouring {@code maxAsync}, {@code virtual}, {@code priority} and the context their context
 * service propagates or clears; a definition that cannot be honoured fails the deployment, named.
 */
class ConcurrencyDefinitionsTest {

    static RunningServer fixture;

    @BeforeAll
    static void start() {
        fixture = new RunningServer();
        fixture.server().deploy(fixture.export(TestApps.war("taskdefs.war", DefinedResourcesServlet.class, MostAtOnce.class)));
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
    }

    @Test
    void maxAsyncBoundsTheTasksRunningAtOnce() {
        assertEquals("4 tasks, at most 1 at once", fixture.get("/taskdefs/defined?op=maxAsync"));
    }

    @Test
    void aContextServiceThatClearsEverythingLeavesTasksWithoutTheComponentsNames() {
        assertEquals("no module; default context: module taskdefs", fixture.get("/taskdefs/defined?op=bare"));
        assertEquals("no module", fixture.get("/taskdefs/defined?op=bareProxy"));
    }

    @Test
    void aNonVirtualExecutorRunsOnNamedPlatformThreads() {
        assertEquals("module taskdefs on a platform thread named taskdefs-Platform-managed-task-1", fixture.get("/taskdefs/defined?op=platform"));
    }

    @Test
    void aThreadFactoryDefinitionSetsThePriority() {
        assertEquals("module taskdefs at priority 2", fixture.get("/taskdefs/defined?op=lowPriority"));
    }

    private static String webXml(String definitions) {
        return """
                <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
                %s
                </web-app>
                """.formatted(definitions);
    }

    @Test
    void webXmlDefinesThemTooAndWinsOverAnAnnotationOfTheSameName() {
        Path war = fixture.export(TestApps.war("described.war", DescribedResourcesServlet.class, MostAtOnce.class).setWebXML(new StringAsset(webXml("""
                  <context-service>
                    <name>java:module/concurrent/NoCaller</name>
                    <cleared>Security</cleared>
                    <cleared>Transaction</cleared>
                    <propagated>Remaining</propagated>
                  </context-service>
                  <managed-executor>
                    <name>java:module/concurrent/Described</name>
                    <context-service-ref>java:module/concurrent/NoCaller</context-service-ref>
                    <max-async>1</max-async>
                  </managed-executor>
                  <managed-thread-factory>
                    <name>java:module/concurrent/DescribedThreads</name>
                    <priority>3</priority>
                  </managed-thread-factory>
                """))));
        fixture.server().deploy(war);
        try {
            assertEquals("at most 1 at once; thread priority 3", fixture.get("/described/described"));
            // the same context service without the transaction among the cleared: Remaining would propagate it
            Path propagating = fixture.export(TestApps.war("propagating.war", DescribedResourcesServlet.class, MostAtOnce.class).setWebXML(new StringAsset(webXml("""
                      <context-service>
                        <name>java:module/concurrent/NoCaller</name>
                        <cleared>Security</cleared>
                        <propagated>Remaining</propagated>
                      </context-service>
                    """))));
            DeploymentException e = assertThrows(DeploymentException.class, () -> fixture.server().deploy(propagating));
            assertContains(e.getMessage(), "class WEB-INF/web.xml, member <context-service> java:module/concurrent/NoCaller: "
                    + "propagating the transaction context is not supported");
        } finally {
            fixture.server().undeploy("described");
        }
    }

    @Test
    void anEjbJarXmlBeanAndApplicationXmlDefineExecutors() {
        String applicationXml = """
                <application xmlns="https://jakarta.ee/xml/ns/jakartaee" version="11">
                  <module><ejb>tasks-ejb.jar</ejb></module>
                  <module><web><web-uri>tasks-web.war</web-uri><context-root>/described-tasks</context-root></web></module>
                  <managed-executor><name>java:app/concurrent/AppExecutor</name><max-async>2</max-async></managed-executor>
                </application>""";
        String ejbJarXml = """
                <ejb-jar xmlns="https://jakarta.ee/xml/ns/jakartaee" version="4.0">
                  <enterprise-beans>
                    <session>
                      <ejb-name>DescribedTasksBean</ejb-name>
                      <managed-executor><name>java:comp/concurrent/BeanExecutor</name><max-async>1</max-async></managed-executor>
                    </session>
                  </enterprise-beans>
                </ejb-jar>""";
        Path ear = fixture.export(ShrinkWrap.create(EnterpriseArchive.class, "describedtasks.ear")
                .addAsModule(TestApps.ejbJar("tasks-ejb.jar", DescribedTasksBean.class, MostAtOnce.class)
                        .addAsManifestResource(new StringAsset(ejbJarXml), "ejb-jar.xml"))
                .addAsModule(TestApps.war("tasks-web.war", DescribedTasksServlet.class))
                .setApplicationXML(new StringAsset(applicationXml)));
        fixture.server().deploy(ear);
        try {
            assertEquals("bean's at most 1, application's at most 2; the servlet sees no bean executor",
                    fixture.get("/described-tasks/described-tasks"));
        } finally {
            fixture.server().undeploy("describedtasks");
        }
        Path moduleScoped = fixture.export(ShrinkWrap.create(EnterpriseArchive.class, "modulescoped.ear")
                .addAsModule(TestApps.ejbJar("tasks-ejb.jar", DescribedTasksBean.class, MostAtOnce.class))
                .addAsModule(TestApps.war("tasks-web.war", DescribedTasksServlet.class))
                .setApplicationXML(new StringAsset(applicationXml.replace("java:app/concurrent/AppExecutor", "java:module/concurrent/Mine"))));
        DeploymentException e = assertThrows(DeploymentException.class, () -> fixture.server().deploy(moduleScoped));
        assertContains(e.getMessage(), "class META-INF/application.xml, member <managed-executor> java:module/concurrent/Mine: "
                + "an application's definitions are named in java:app or java:global");
    }

    @Test
    void aWebXmlValueThatIsNotANumberFailsTheDeployment() {
        Path war = fixture.export(TestApps.war("badxml.war", DescribedResourcesServlet.class, MostAtOnce.class).setWebXML(new StringAsset(webXml("""
                  <managed-executor>
                    <name>java:module/concurrent/Described</name>
                    <max-async>many</max-async>
                  </managed-executor>
                """))));
        DeploymentException e = assertThrows(DeploymentException.class, () -> fixture.server().deploy(war));
        assertContains(e.getMessage(), "WEB-INF/web.xml: <max-async>many</max-async> of managed-executor java:module/concurrent/Described is not a whole number");
        assertFalse(fixture.server().deployments().stream().anyMatch(d -> d.name().equals("badxml")), "nothing of badxml stays deployed");
    }

    @Test
    void definitionsThatCannotBeHonouredFailTheDeployment() {
        assertRefused("zero.war", ZeroMaxAsync.class,
                "@ManagedExecutorDefinition java:app/concurrent/Never: maxAsync must be positive, or -1 for no limit, not 0");
        assertRefused("locale.war", UnknownContextType.class,
                "context type \"Locale\" is not one this server has (it has Application, Security, Transaction)");
        assertRefused("orphan.war", UndefinedContextService.class,
                "its context service java:app/concurrent/Missing is not defined by the application");
    }

    private static void assertRefused(String war, Class<?> definingClass, String expected) {
        Path archive = fixture.export(TestApps.war(war, definingClass));
        String name = war.substring(0, war.length() - ".war".length());
        DeploymentException e = assertThrows(DeploymentException.class, () -> fixture.server().deploy(archive));
        assertContains(e.getMessage(), expected);
        assertContains(e.getMessage(), definingClass.getName());
        assertFalse(fixture.server().deployments().stream().anyMatch(d -> d.name().equals(name)), "nothing of " + name + " stays deployed");
        assertFalse(Files.exists(fixture.workDirectory().resolve(name)), "the unpacked archive is gone");
    }

    private static void assertContains(String message, String part) {
        if (!message.contains(part)) {
            throw new AssertionError("expected the message to contain <" + part + "> but it was <" + message + ">");
        }
    }
}
