package dev.isola.loadtests.throughput.products.web;

import dev.isola.loadtests.throughput.products.Product;
import dev.isola.loadtests.throughput.products.ProductCatalog;
import dev.isola.loadtests.throughput.products.ProductSchemaBean;
import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The throughput test's page: a price range of products and how many have a name, both found
 * by the catalog bean. {@code GET /products/list?min=10&max=60&name=parrot} asks for that
 * range and name; without parameters the servlet picks a 50.00-wide range and a name at
 * random, so that a client repeating the same request reads different subsets.
 */
@WebServlet("/list")
public class ProductsServlet extends HttpServlet {

    private static final int PAGE = 25;

    @EJB
    private ProductCatalog catalog;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        BigDecimal min;
        BigDecimal max;
        try {
            min = decimal(request, "min", BigDecimal.valueOf(random.nextInt(95_000), 2));
            max = decimal(request, "max", min.add(BigDecimal.valueOf(50)));
        } catch (NumberFormatException e) {
            response.sendError(HttpServletResponse.SC_BAD_REQUEST, e.getMessage());
            return;
        }
        String name = request.getParameter("name") != null ? request.getParameter("name")
                : ProductSchemaBean.KINDS[random.nextInt(ProductSchemaBean.KINDS.length)];
        List<Product> found = catalog.priceRange(min, max, PAGE);
        int named = catalog.countNamed(name);

        response.setContentType("text/html;charset=UTF-8");
        PrintWriter out = response.getWriter();
        out.println("<!DOCTYPE html><html><head><title>Products</title></head><body>");
        out.println("<h1>Products from " + min + " to " + max + "</h1>");
        out.println("<table><tr><th>id</th><th>name</th><th>price</th></tr>");
        for (Product p : found) {
            out.println("<tr><td>" + p.id() + "</td><td>" + escape(p.name()) + "</td><td>" + p.price() + "</td></tr>");
        }
        out.println("</table>");
        out.println("<p id=\"named\">" + named + " products named " + escape(name) + "</p>");
        out.println("</body></html>");
    }

    private static BigDecimal decimal(HttpServletRequest request, String parameter, BigDecimal otherwise) {
        String value = request.getParameter(parameter);
        if (value == null) {
            return otherwise;
        }
        try {
            return new BigDecimal(value);
        } catch (NumberFormatException e) {
            throw new NumberFormatException("parameter " + parameter + " must be a price such as 12.50, not '" + value + "'");
        }
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
