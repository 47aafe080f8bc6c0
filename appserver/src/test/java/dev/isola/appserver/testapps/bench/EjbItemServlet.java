package dev.isola.appserver.testapps.bench;

import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

@WebServlet("/item")
public class EjbItemServlet extends HttpServlet {
    @EJB
    private ItemQueryBean items;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setContentType("text/plain");
        resp.getWriter().print(items.describe(Integer.parseInt(req.getParameter("id"))));
    }
}
