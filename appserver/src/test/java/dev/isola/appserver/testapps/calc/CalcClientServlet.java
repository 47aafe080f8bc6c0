package dev.isola.appserver.testapps.calc;

import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** In a standalone WAR: reaches a bean of another application (a standalone EJB-JAR) by its global name. */
@WebServlet("/add")
public class CalcClientServlet extends HttpServlet {
    @EJB(lookup = "java:global/calc/CalculatorBean")
    private Calculator calculator;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.getWriter().print(calculator.add(Integer.parseInt(req.getParameter("a")), Integer.parseInt(req.getParameter("b"))));
    }
}
