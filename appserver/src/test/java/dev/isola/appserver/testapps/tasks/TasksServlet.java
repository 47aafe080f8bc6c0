package dev.isola.appserver.testapps.tasks;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.enterprise.concurrent.ContextService;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import java.io.IOException;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/** Uses each of the four default Jakarta Concurrency resources and prints what their tasks saw. */
@WebServlet("/tasks")
public class TasksServlet extends HttpServlet {
    @Resource
    private ManagedExecutorService executor;

    @Resource
    private ManagedScheduledExecutorService scheduled;

    @Resource
    private ContextService contexts;

    @Resource
    private ManagedThreadFactory threads;

    @EJB
    private TasksBean bean;

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
        Callable<String> whereAmI = () -> "module " + lookup("java:module/ModuleName");
        return switch (op) {
            case "submit" -> executor.submit(() -> whereAmI.call() + ", " + bean.hello()).get();
            case "bean" -> bean.inTask();
            case "schedule" -> scheduled.schedule(whereAmI, 10, TimeUnit.MILLISECONDS).get();
            case "stage" -> executor.supplyAsync(() -> call(whereAmI)).thenApplyAsync(first -> first + " then " + call(whereAmI)).get();
            case "proxy" -> {
                AtomicReference<String> seen = new AtomicReference<>();
                Runnable contextual = contexts.createContextualProxy((Runnable) () -> seen.set(call(whereAmI)), Runnable.class);
                // a thread of no component, as a library's callback thread would be
                Thread plain = new Thread(contextual);
                plain.setContextClassLoader(ClassLoader.getPlatformClassLoader());
                plain.start();
                plain.join();
                yield seen.get();
            }
            case "thread" -> {
                AtomicReference<String> seen = new AtomicReference<>();
                Thread managed = threads.newThread(() -> seen.set(call(whereAmI)));
                managed.start();
                managed.join();
                yield seen.get() + " on " + managed.getName().replaceAll("[0-9]+$", "N");
            }
            case "lifecycle" -> {
                try {
                    executor.shutdown();
                    yield "shut down";
                } catch (IllegalStateException expected) {
                    yield "refused: " + expected.getMessage();
                }
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

    private static Object lookup(String name) throws NamingException {
        return new InitialContext().lookup(name);
    }
}
