package dev.isola.domains.testapp.warbeans;

import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** {@code GET /tally?add=N}: adds through the bean of its own WAR and answers what it says, and this process's pid. */
@WebServlet("/tally")
public class TallyServlet extends HttpServlet {

    @EJB
    private Tally tally;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/plain");
        response.getWriter().print(tally.add(Integer.parseInt(request.getParameter("add"))) + " web-pid=" + ProcessHandle.current().pid());
    }
}
