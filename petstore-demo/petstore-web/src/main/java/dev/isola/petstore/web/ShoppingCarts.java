package dev.isola.petstore.web;

import dev.isola.petstore.cart.CartContents;
import dev.isola.petstore.cart.ShoppingCart;
import jakarta.ejb.NoSuchEJBException;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Binds one stateful {@link ShoppingCart} to each HTTP session.
 *
 * <p>A stateful bean cannot be injected into a servlet (one servlet instance serves every
 * session), so the cart is looked up through the reference {@value #REFERENCE} that
 * {@link CartServlet} declares; each lookup creates a new cart instance. The session attribute
 * {@value #CART_COUNT} caches the number of animals for the page header.
 */
final class ShoppingCarts {
    /** The environment entry of the cart reference declared by {@code @EJB} on {@link CartServlet}. */
    static final String REFERENCE = "java:comp/env/ejb/ShoppingCart";
    static final String ATTRIBUTE = "cart";
    static final String CART_COUNT = "cartCount";

    private ShoppingCarts() {
    }

    /** The session's cart, created (with a new HTTP session if needed) on first use. */
    static ShoppingCart of(HttpServletRequest request) throws ServletException {
        HttpSession session = request.getSession();
        ShoppingCart cart = (ShoppingCart) session.getAttribute(ATTRIBUTE);
        if (cart == null) {
            try {
                cart = (ShoppingCart) new InitialContext().lookup(REFERENCE);
            } catch (NamingException e) {
                throw new ServletException("could not create a shopping cart through " + REFERENCE, e);
            }
            session.setAttribute(ATTRIBUTE, cart);
        }
        return cart;
    }

    /** The session's cart if it has one, without creating anything. */
    static ShoppingCart existing(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        return session == null ? null : (ShoppingCart) session.getAttribute(ATTRIBUTE);
    }

    /** Remembers the number of animals for the page header. */
    static void remember(HttpServletRequest request, CartContents contents) {
        request.getSession().setAttribute(CART_COUNT, contents.itemCount());
    }

    /**
     * Removes the session's cart: calls its {@code @Remove} method so the container discards the
     * bean. Used at sign-off and when the session expires.
     */
    static void release(HttpSession session) {
        ShoppingCart cart = (ShoppingCart) session.getAttribute(ATTRIBUTE);
        if (cart == null) {
            return;
        }
        session.removeAttribute(ATTRIBUTE);
        session.removeAttribute(CART_COUNT);
        try {
            cart.release();
        } catch (NoSuchEJBException alreadyGone) {
            // The container already discarded the cart (its stateful timeout passed); nothing to release.
        }
    }
}
