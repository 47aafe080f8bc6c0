package dev.isola.appserver.testapps.metered;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Throws, as a servlet with a bug does: the container answers 500. */
@WebServlet("/fail")
public class FailingServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws ServletException {
        throw new ServletException("failing on purpose");
    }
}
