package dev.isola.appserver.testapps.metered;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Answers with the status {@code code} asks for (sent as an error page from 400 on), after {@code sleep} milliseconds if given. */
@WebServlet("/status")
public class StatusServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String sleep = req.getParameter("sleep");
        if (sleep != null) {
            try {
                Thread.sleep(Long.parseLong(sleep));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        int code = Integer.parseInt(req.getParameter("code"));
        if (code >= 400) {
            resp.sendError(code);
        } else {
            resp.setStatus(code);
            resp.getWriter().print("status " + code);
        }
    }
}
