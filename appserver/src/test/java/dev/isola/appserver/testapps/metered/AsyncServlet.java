package dev.isola.appserver.testapps.metered;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Answers asynchronously, {@code delay} milliseconds after the servlet returned: with 202 from
 * another thread, or, with {@code dispatch}, by dispatching to that path of the module.
 */
@WebServlet(urlPatterns = "/async", asyncSupported = true)
public class AsyncServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) {
        long delay = Long.parseLong(req.getParameter("delay"));
        String dispatch = req.getParameter("dispatch");
        AsyncContext async = req.startAsync();
        async.setTimeout(60_000);
        Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(delay);
                if (dispatch != null) {
                    async.dispatch(dispatch);
                    return;
                }
                HttpServletResponse response = (HttpServletResponse) async.getResponse();
                response.setStatus(202);
                response.getWriter().print("accepted");
                async.complete();
            } catch (InterruptedException | IOException e) {
                async.complete();
            }
        });
    }
}
