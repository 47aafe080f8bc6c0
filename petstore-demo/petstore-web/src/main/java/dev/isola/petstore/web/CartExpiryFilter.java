package dev.isola.petstore.web;

import jakarta.ejb.NoSuchEJBException;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;

/**
 * Recovers when the container has discarded a session's stateful cart (its stateful timeout
 * passed, or the server restarted while the HTTP session survived): the dead reference is dropped
 * and the customer lands on an empty cart with a note, instead of on an error page.
 */
@WebFilter(filterName = "cartExpiry", urlPatterns = {"/cart", "/checkout"})
public class CartExpiryFilter extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        try {
            chain.doFilter(request, response);
        } catch (NoSuchEJBException expired) {
            HttpSession session = request.getSession(false);
            if (session != null) {
                session.removeAttribute(ShoppingCarts.ATTRIBUTE);
                session.removeAttribute(ShoppingCarts.CART_COUNT);
            }
            if (response.isCommitted()) {
                throw expired;
            }
            response.reset();
            Pages.redirect(request, response, "/cart?expired=true");
        }
    }
}
