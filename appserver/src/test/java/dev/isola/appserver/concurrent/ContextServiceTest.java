package dev.isola.appserver.concurrent;

import dev.isola.appserver.naming.Binding;
import dev.isola.appserver.naming.JavaContext;
import dev.isola.appserver.naming.NamingScopes;
import dev.isola.appserver.naming.Namespace;
import dev.isola.appserver.naming.Scopes;
import dev.isola.appserver.tx.LocalTransactionManager;
import jakarta.enterprise.concurrent.ContextService;
import jakarta.enterprise.concurrent.ManagedTask;
import jakarta.transaction.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import javax.naming.NamingException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The default context service: what its wrappers and proxies run with, and the transaction they run in. */
class ContextServiceTest {

    private final LocalTransactionManager transactions = new LocalTransactionManager(Duration.ZERO);
    private final ConcurrencyServices services = new ConcurrencyServices(transactions, getClass().getClassLoader());
    private final ApplicationConcurrency shop = services.forApplication("shop");
    private final ContextService contexts = shop.executor().getContextService();

    @AfterEach
    void end() {
        shop.terminate();
        services.close();
    }

    /** Runs {@code action} as a component of module {@code module} whose {@code java:comp/env/who} is {@code who}. */
    private static <T> T asComponent(String who, Callable<T> action) throws Exception {
        Namespace comp = new Namespace("java:comp (" + who + ")");
        comp.bindIfAbsent("env/who", new Binding.Value(who));
        try (NamingScopes.Restore names = NamingScopes.enter(new Scopes(new Namespace("java:global"), comp, comp, comp))) {
            return action.call();
        }
    }

    private static String who() {
        try {
            return (String) JavaContext.lookupAbsolute("java:comp/env/who");
        } catch (NamingException e) {
            return "nobody";
        }
    }

    @Test
    void wrappersRunInTheContextTheyWereMadeIn() throws Exception {
        Supplier<String> supplier = asComponent("cart", () -> contexts.contextualSupplier(ContextServiceTest::who));
        Function<String, String> function = asComponent("orders", () -> contexts.contextualFunction(s -> s + " " + who()));
        assertEquals("nobody", who());
        assertEquals("cart", supplier.get());
        assertEquals("seen by orders", function.apply("seen by"));
        assertEquals("cart", asComponent("catalog", supplier::get), "the wrapper's context wins over the caller's");
        assertEquals("catalog", asComponent("catalog", ContextServiceTest::who), "and the caller's is back after it");
    }

    @Test
    void aProxyRunsInItsContextAndOutsideTheCallersTransactionUnlessAskedOtherwise() throws Exception {
        Callable<String> probe = () -> who() + " " + transactions.getStatus();
        @SuppressWarnings("unchecked")
        Callable<String> suspending = asComponent("cart", () -> contexts.createContextualProxy(probe, Callable.class));
        @SuppressWarnings("unchecked")
        Callable<String> joining = asComponent("cart", () -> contexts.createContextualProxy(probe,
                Map.of(ManagedTask.TRANSACTION, ManagedTask.USE_TRANSACTION_OF_EXECUTION_THREAD), Callable.class));
        transactions.begin();
        try {
            assertEquals("cart " + Status.STATUS_NO_TRANSACTION, suspending.call());
            assertEquals(Status.STATUS_ACTIVE, transactions.getStatus(), "the caller's transaction is resumed after the call");
            assertEquals("cart " + Status.STATUS_ACTIVE, joining.call());
        } finally {
            transactions.rollback();
        }
        assertEquals(Map.of(ManagedTask.TRANSACTION, ManagedTask.USE_TRANSACTION_OF_EXECUTION_THREAD), contexts.getExecutionProperties(joining));
        assertEquals(Map.of(), contexts.getExecutionProperties(suspending));
        assertTrue(suspending.equals(suspending) && !suspending.equals(joining));
    }

    @Test
    void badProxiesAreRefused() {
        IllegalArgumentException notImplemented = assertThrows(IllegalArgumentException.class,
                () -> contexts.createContextualProxy("a string", Runnable.class));
        assertTrue(notImplemented.getMessage().contains("java.lang.String does not implement java.lang.Runnable"), notImplemented.getMessage());
        assertThrows(IllegalArgumentException.class, () -> contexts.createContextualProxy((Runnable) () -> { }));
        assertThrows(IllegalArgumentException.class, () -> contexts.getExecutionProperties((Runnable) () -> { }));
    }

    @Test
    void aCapturedStageRunsItsDependentsInTheContextOfTheirCreation() throws Exception {
        CompletableFuture<String> plain = new CompletableFuture<>();
        CompletableFuture<String> dependent = asComponent("cart", () -> contexts.withContextCapture(plain).thenApplyAsync(s -> s + " " + who()));
        plain.complete("seen by");
        assertEquals("seen by cart", dependent.get(30, TimeUnit.SECONDS));
        assertInstanceOf(ContextualFuture.class, dependent);
        assertEquals("cart", asComponent("cart", () -> {
            StringBuilder seen = new StringBuilder();
            contexts.currentContextExecutor().execute(() -> seen.append(who()));
            return seen.toString();
        }));
    }
}
