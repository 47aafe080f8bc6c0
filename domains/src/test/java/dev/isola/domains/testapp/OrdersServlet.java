package dev.isola.domains.testapp;

import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * {@code POST /orders/orders item=x} queues an order (servlet → EJB → JMS), answered 202;
 * {@code GET /orders/orders} lists what the message-driven bean recorded in Derby.
 */
@WebServlet("/orders")
public class OrdersServlet extends HttpServlet {

    @EJB
    private OrderDesk desk;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String item = request.getParameter("item");
        if (item == null || item.isBlank()) {
            response.sendError(400, "item is missing");
            return;
        }
        response.setStatus(202);
        response.setContentType("text/plain");
        response.getWriter().print(desk.place(item));
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/plain");
        response.getWriter().print("processed=" + String.join(",", desk.processed()));
    }
}
