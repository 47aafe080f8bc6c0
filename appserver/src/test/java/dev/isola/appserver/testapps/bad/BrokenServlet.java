package dev.isola.appserver.testapps.bad;

import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;

@WebServlet("/broken")
public class BrokenServlet extends HttpServlet {
    @EJB
    private MissingService missing;
}
