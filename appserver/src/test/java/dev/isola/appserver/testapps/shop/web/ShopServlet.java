package dev.isola.appserver.testapps.shop.web;

import dev.isola.appserver.testapps.shop.ejb.Appender;
import dev.isola.appserver.testapps.shop.ejb.Catalog;
import dev.isola.appserver.testapps.shop.ejb.GreeterBean;
import jakarta.ejb.EJB;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

@WebServlet("/shop")
public class ShopServlet extends HttpServlet {

    @EJB
    private GreeterBean greeter;

    @EJB
    private Catalog catalog;

    @EJB
    private Appender appender;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException, ServletException {
        resp.setContentType("text/plain");
        String op = req.getParameter("op");
        switch (op) {
            case "thread" -> resp.getWriter().print("virtual=" + Thread.currentThread().isVirtual());
            case "greet" -> resp.getWriter().print(greeter.greet(req.getParameter("name")).text());
            case "byvalue" -> {
                List<String> mine = new ArrayList<>(List.of("a"));
                List<String> returned = appender.append(mine, "b");
                resp.getWriter().print("mine=" + mine + " returned=" + returned + " same=" + (mine == returned));
            }
            case "jndi" -> {
                List<String> result = new ArrayList<>();
                for (String name : List.of("java:global/shop/shop-ejb-1.0/GreeterBean",
                        "java:global/shop/shop-ejb-1.0/CatalogBean!dev.isola.appserver.testapps.shop.ejb.Catalog",
                        "java:app/shop-ejb-1.0/CatalogBean", "java:app/shop-ejb-1.0/AppenderBean!dev.isola.appserver.testapps.shop.ejb.Appender",
                        "java:comp/DefaultDataSource", "java:comp/UserTransaction",
                        "java:comp/env/dev.isola.appserver.testapps.shop.web.ShopServlet/catalog", "java:comp/env/greeting-text",
                        "java:app/AppName", "java:module/ModuleName")) {
                    try {
                        Object o = new InitialContext().lookup(name);
                        result.add(name + "=" + (o instanceof String s ? s : "ok"));
                    } catch (NamingException e) {
                        result.add(name + "=missing: " + e.getMessage());
                    }
                }
                result.addAll(greeter.lookups());
                resp.getWriter().print(String.join("\n", result));
            }
            case "jsp" -> {
                req.setAttribute("items", catalog.items());
                req.getRequestDispatcher("/items.jsp").forward(req, resp);
            }
            default -> resp.sendError(400, "unknown op " + op);
        }
    }
}
