package dev.isola.appserver.testapps.warbeans;

import dev.isola.appserver.testapps.warbeans.lib.Clock;
import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import java.io.IOException;

/**
 * {@code GET /beans}: calls the beans its WAR packages, injected and looked up by their
 * portable names (a cast that fails if the servlet's class is not the container's), and says
 * which loader defined the servlet's view of them.
 */
@WebServlet("/beans")
public class WarBeansServlet extends HttpServlet {

    @EJB
    private Greeter greeter;
    @EJB
    private Visits visits;
    @EJB
    private Clock clock;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/plain");
        try {
            Greeter looked = (Greeter) new InitialContext().lookup("java:module/Greeter");
            response.getWriter().print(greeter.greet("Ann") + "\n"
                    + "looked up: " + looked.greet("Bob") + "\n"
                    + "visit " + visits.next() + ", started at deployment: " + visits.startedAtDeployment() + "\n"
                    + "clock: " + clock.zone() + "\n"
                    + "servlet's Greeter loaded by " + Greeter.class.getClassLoader().getName());
        } catch (NamingException e) {
            response.getWriter().print("lookup failed: " + e);
        }
    }
}
