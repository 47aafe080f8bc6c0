package dev.isola.appserver.jdbc;

import org.junit.jupiter.api.Test;

import java.net.URL;
import java.net.URLClassLoader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a database opened on first use gets from the thread that opens it: the server's loader, none of the caller's thread locals. */
class OpenedOnFirstUseTest {

    private static final InheritableThreadLocal<String> APPLICATION_STATE = new InheritableThreadLocal<>();

    @Test
    void theOpenerHasTheServersLoaderAndNoneOfTheCallersInheritableThreadLocals() throws Exception {
        Thread caller = Thread.currentThread();
        ClassLoader previous = caller.getContextClassLoader();
        try (URLClassLoader application = new URLClassLoader("application", new URL[0], previous)) {
            caller.setContextClassLoader(application);
            APPLICATION_STATE.set("the application's");
            // What a database's daemon thread, started by the opener, would inherit.
            Thread[] daemon = new Thread[1];
            String inherited = new OpenedOnFirstUse<>("open-test", () -> {
                daemon[0] = new Thread(() -> { });
                return String.valueOf(APPLICATION_STATE.get());
            }).get();

            assertEquals("null", inherited);
            assertSame(OpenedOnFirstUse.class.getClassLoader(), daemon[0].getContextClassLoader());
        } finally {
            APPLICATION_STATE.remove();
            caller.setContextClassLoader(previous);
        }
    }

    @Test
    void whatTheOpeningThrowsReachesTheCallerAsItIs() {
        DataSourceDefinitionException thrown = new DataSourceDefinitionException("datasource x: cannot connect: no", null);

        DataSourceDefinitionException caught = assertThrows(DataSourceDefinitionException.class,
                () -> new OpenedOnFirstUse<String>("open-test", () -> { throw thrown; }).get());

        assertSame(thrown, caught);
    }

    @Test
    void aCallerInterruptedWhileWaitingGetsTheResultAndKeepsItsInterrupt() {
        Thread.currentThread().interrupt();
        try {
            assertEquals("open", new OpenedOnFirstUse<>("open-test", () -> {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    throw new AssertionError("the opener is not the interrupted thread", e);
                }
                return "open";
            }).get());
            assertTrue(Thread.currentThread().isInterrupted());
        } finally {
            // Cleared, so that the interrupt does not reach the next test on this thread.
            Thread.interrupted();
        }
    }
}
