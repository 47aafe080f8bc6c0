package dev.isola.appserver.deploy;

import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.tasks.TasksBean;
import dev.isola.appserver.testapps.tasks.TasksServlet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Jakarta Concurrency's default resources in a deployed EAR, injected by type into a servlet and
 * a bean: tasks, delayed tasks, completion stages, contextual proxies and managed threads run in
 * the context of the component that handed them over (its {@code java:module}, its loader), and
 * outside its transaction.
 */
class ConcurrencyResourcesTest {

    static RunningServer fixture;

    @BeforeAll
    static void start() {
        fixture = new RunningServer();
        fixture.server().deploy(fixture.export(TestApps.mavenStyleEar("tasks.ear", "tasks", TestApps.ejbJar("tasks-ejb.jar", TasksBean.class),
                TestApps.war("tasks-web.war", TasksServlet.class), "/tasks")));
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
    }

    @Test
    void aTaskRunsInTheServletsModuleAndCallsBeans() {
        assertEquals("module tasks-web, hello from the bean", fixture.get("/tasks/tasks?op=submit"));
    }

    @Test
    void aBeansTaskRunsInTheBeansModuleOutsideItsTransaction() {
        // 0 is STATUS_ACTIVE (the bean's container transaction), 6 STATUS_NO_TRANSACTION
        assertEquals("module tasks-ejb, bean's loader true, bean's transaction status 0, task's 6", fixture.get("/tasks/tasks?op=bean"));
    }

    @Test
    void delayedTasksAndCompletionStagesKeepTheContext() {
        assertEquals("module tasks-web", fixture.get("/tasks/tasks?op=schedule"));
        assertEquals("module tasks-web then module tasks-web", fixture.get("/tasks/tasks?op=stage"));
    }

    @Test
    void aContextualProxyCarriesTheContextToAThreadOfNoComponent() {
        assertEquals("module tasks-web", fixture.get("/tasks/tasks?op=proxy"));
    }

    @Test
    void aManagedThreadRunsInTheContextOfItsFactorysLookup() {
        assertEquals("module tasks-web on tasks-managed-thread-N", fixture.get("/tasks/tasks?op=thread"));
    }

    @Test
    void theApplicationCannotShutTheExecutorDown() {
        assertEquals("refused: shutdown is not allowed on a managed executor: the server ends its tasks when application tasks is undeployed",
                fixture.get("/tasks/tasks?op=lifecycle"));
    }
}
