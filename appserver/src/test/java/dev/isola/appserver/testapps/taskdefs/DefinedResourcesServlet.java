package dev.isola.appserver.testapps.taskdefs;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ContextService;
import jakarta.enterprise.concurrent.ContextServiceDefinition;
import jakarta.enterprise.concurrent.ManagedExecutorDefinition;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorDefinition;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.concurrent.ManagedThreadFactoryDefinition;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import javax.naming.InitialContext;
import java.io.IOException;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/** Concurrency resources of the application's own, each used once; prints what their tasks saw. */
@ContextServiceDefinition(name = "java:module/concurrent/Bare", propagated = {}, cleared = ContextServiceDefinition.ALL_REMAINING)
@ManagedExecutorDefinition(name = "java:module/concurrent/OneAtATime", maxAsync = 1)
@ManagedExecutorDefinition(name = "java:module/concurrent/BareExecutor", context = "java:module/concurrent/Bare")
@ManagedScheduledExecutorDefinition(name = "java:app/concurrent/Platform")
@ManagedThreadFactoryDefinition(name = "java:module/concurrent/Low", priority = 2)
@WebServlet("/defined")
public class DefinedResourcesServlet extends HttpServlet {
    @Resource(lookup = "java:module/concurrent/OneAtATime")
    private ManagedExecutorService oneAtATime;

    @Resource(lookup = "java:module/concurrent/BareExecutor")
    private ManagedExecutorService bare;

    @Resource(lookup = "java:app/concurrent/Platform")
    private ManagedScheduledExecutorService platform;

    @Resource(lookup = "java:module/concurrent/Low")
    private ManagedThreadFactory low;

    @Resource(lookup = "java:module/concurrent/Bare")
    private ContextService bareContexts;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        try {
            resp.getWriter().print(run(req.getParameter("op")));
        } catch (Exception e) {
            resp.setStatus(500);
            resp.getWriter().print(e);
        }
    }

    private String run(String op) throws Exception {
        Callable<String> whereAmI = () -> {
            try {
                return "module " + new InitialContext().lookup("java:module/ModuleName");
            } catch (javax.naming.NamingException e) {
                return "no module";
            }
        };
        return switch (op) {
            case "maxAsync" -> "4 tasks, at most " + MostAtOnce.of(oneAtATime, 4) + " at once";
            case "bare" -> bare.submit(whereAmI).get() + "; default context: " + oneAtATime.submit(whereAmI).get();
            case "bareProxy" -> bareContexts.createContextualProxy(whereAmI, Callable.class).call().toString();
            case "platform" -> platform.schedule(() -> whereAmI.call() + " on a " + (Thread.currentThread().isVirtual() ? "virtual" : "platform")
                    + " thread named " + Thread.currentThread().getName(), 5, TimeUnit.MILLISECONDS).get();
            case "lowPriority" -> {
                AtomicReference<String> seen = new AtomicReference<>();
                Thread thread = low.newThread(() -> seen.set(call(whereAmI)));
                thread.start();
                thread.join();
                yield seen.get() + " at priority " + thread.getPriority();
            }
            default -> throw new IllegalArgumentException("no op " + op);
        };
    }

    private static String call(Callable<String> callable) {
        try {
            return callable.call();
        } catch (Exception e) {
            return "failed: " + e;
        }
    }
}
