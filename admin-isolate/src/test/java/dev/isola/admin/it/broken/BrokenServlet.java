package dev.isola.admin.it.broken;

import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;

/** Refers to a bean that does not exist: the deployer refuses the application, naming this field. */
@WebServlet("/broken")
public class BrokenServlet extends HttpServlet {
    @EJB
    private MissingService missing;
}
