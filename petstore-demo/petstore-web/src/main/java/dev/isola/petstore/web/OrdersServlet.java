package dev.isola.petstore.web;

import dev.isola.petstore.order.OrderNotFoundException;
import dev.isola.petstore.order.OrderService;
import jakarta.ejb.EJB;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** "My orders" ({@code /orders}) and one order with its status history ({@code /order?id=}). */
@WebServlet(name = "orders", urlPatterns = {"/orders", "/order"})
public class OrdersServlet extends HttpServlet {

    @EJB
    private OrderService orders;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String userId = SignedOnUser.current(request).userId();
        if ("/orders".equals(request.getServletPath())) {
            request.setAttribute("orders", orders.ordersOf(userId));
            Pages.render(request, response, "orders");
            return;
        }
        String id = Forms.param(request, "id");
        try {
            long orderId = Long.parseLong(id);
            request.setAttribute("order", orders.order(userId, orderId));
            request.setAttribute("justPlaced", "true".equals(request.getParameter("placed")));
            Pages.render(request, response, "order");
        } catch (NumberFormatException e) {
            Pages.problem(request, response, HttpServletResponse.SC_NOT_FOUND, "No such order",
                    "'" + id + "' is not an order number; order numbers are whole numbers such as 1001.");
        } catch (OrderNotFoundException e) {
            Pages.problem(request, response, HttpServletResponse.SC_NOT_FOUND, "No such order", e.getMessage());
        }
    }
}
