package dev.isola.appserver.testapps.leak;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * Forwards to a JSP that uses a tag file, as the Pet Store's servlets do: the JSP is compiled
 * with this servlet on the stack, and compiling it looks up the tag file's bean information.
 */
@WebServlet("/forward")
public class LeakForwardServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
        req.setAttribute("who", "forwarded");
        req.getRequestDispatcher("/WEB-INF/forwarded.jsp").forward(req, resp);
    }
}
