package dev.isola.appserver.testapps.leak;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Leaves Jakarta Concurrency work behind for the undeploy to end: a task due in an hour, a
 * periodic one, a task blocked until interrupted, and a managed thread blocked the same way.
 */
@WebServlet("/tasks")
public class LeakTasksServlet extends HttpServlet {
    @Resource
    private ManagedScheduledExecutorService executor;

    @Resource
    private ManagedThreadFactory threads;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        executor.schedule(() -> new LeakPayload("an hour later"), 1, TimeUnit.HOURS);
        executor.scheduleAtFixedRate(() -> new LeakPayload("tick"), 0, 100, TimeUnit.MILLISECONDS);
        executor.submit(LeakTasksServlet::sleepUntilInterrupted);
        threads.newThread(LeakTasksServlet::sleepUntilInterrupted).start();
        try {
            resp.getWriter().print("tasks " + executor.submit(() -> new LeakPayload("now").text()).get());
        } catch (InterruptedException | ExecutionException e) {
            throw new IOException(e);
        }
    }

    private static void sleepUntilInterrupted() {
        try {
            Thread.sleep(TimeUnit.HOURS.toMillis(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
