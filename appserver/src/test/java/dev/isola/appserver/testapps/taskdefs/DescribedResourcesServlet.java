package dev.isola.appserver.testapps.taskdefs;

import jakarta.enterprise.concurrent.ManagedExecutorDefinition;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import java.io.IOException;

/**
 * Uses the Concurrency resources its module's web.xml defines; the annotation below names one
 * of them too, and the descriptor's definition (maxAsync 1, not 4) wins.
 */
@ManagedExecutorDefinition(name = "java:module/concurrent/Described", maxAsync = 4)
@WebServlet("/described")
public class DescribedResourcesServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        try {
            ManagedExecutorService executor = (ManagedExecutorService) lookup("java:module/concurrent/Described");
            int most = MostAtOnce.of(executor, 4);
            Thread thread = ((ManagedThreadFactory) lookup("java:module/concurrent/DescribedThreads")).newThread(() -> { });
            resp.getWriter().print("at most " + most + " at once; thread priority " + thread.getPriority());
        } catch (Exception e) {
            resp.setStatus(500);
            resp.getWriter().print(e);
        }
    }

    private static Object lookup(String name) throws NamingException {
        return new InitialContext().lookup(name);
    }
}
