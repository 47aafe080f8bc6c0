package dev.isola.appserver.testapps.bench;

import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** Calls {@link PingBean} {@code n} times in a row and answers the nanoseconds per call. */
@WebServlet("/calls")
public class CallLoopServlet extends HttpServlet {
    @EJB
    private PingBean ping;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        int n = Integer.parseInt(req.getParameter("n"));
        long sum = 0;
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            sum += ping.ping(i);
        }
        long nanos = System.nanoTime() - start;
        if (sum != (long) n * (n + 1) / 2) {
            throw new IllegalStateException("wrong sum " + sum);
        }
        resp.setContentType("text/plain");
        resp.getWriter().print(nanos / n);
    }
}
