package dev.isola.petstore.web;

import dev.isola.petstore.cart.Cart;
import dev.isola.petstore.cart.CartContents;
import dev.isola.petstore.cart.ShoppingCart;
import dev.isola.petstore.catalog.CatalogEntryNotFoundException;
import dev.isola.petstore.catalog.CatalogService;
import dev.isola.petstore.validation.FieldErrors;
import dev.isola.petstore.validation.InvalidInputException;
import jakarta.ejb.EJB;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The cart page ({@code GET /cart}) and its actions ({@code POST /cart} with {@code action} =
 * {@code add}, {@code update} or {@code remove}). Every accepted change redirects back to the cart.
 *
 * <p>The class-level {@code @EJB} declares the reference through which {@link ShoppingCarts}
 * creates one stateful cart per HTTP session.
 */
@EJB(name = "ejb/ShoppingCart", beanInterface = ShoppingCart.class)
@WebServlet(name = "cart", urlPatterns = "/cart")
public class CartServlet extends HttpServlet {
    /** Form fields {@code quantity.<itemId>} carry the new quantities of the update action. */
    static final String QUANTITY_PREFIX = "quantity.";

    @EJB
    private CatalogService catalog;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        ShoppingCart cart = ShoppingCarts.existing(request);
        show(request, response, cart == null ? new Cart().contents() : cart.contents());
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String action = Forms.param(request, "action");
        switch (action) {
            case "add" -> add(request, response);
            case "update" -> update(request, response);
            case "remove" -> {
                ShoppingCart cart = ShoppingCarts.of(request);
                ShoppingCarts.remember(request, cart.remove(Forms.param(request, "itemId")));
                Pages.redirect(request, response, "/cart");
            }
            default -> Pages.problem(request, response, HttpServletResponse.SC_BAD_REQUEST, "Unknown cart action",
                    "The cart cannot do '" + action + "'; use the buttons on the cart page.");
        }
    }

    private void add(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String itemId = Forms.param(request, "itemId");
        String quantityText = Forms.param(request, "quantity");
        Integer quantity = quantityText.isEmpty() ? Integer.valueOf(1) : Forms.wholeNumber(quantityText);
        try {
            if (quantity == null) {
                request.setAttribute("item", catalog.item(itemId));
                request.setAttribute("quantity", quantityText);
                Pages.rejected(request, response, "item",
                        new FieldErrors().add("quantity", "Enter a whole number from 1 to " + Cart.MAX_QUANTITY + "."));
                return;
            }
            ShoppingCart cart = ShoppingCarts.of(request);
            ShoppingCarts.remember(request, cart.add(itemId, quantity));
            Pages.redirect(request, response, "/cart");
        } catch (CatalogEntryNotFoundException e) {
            Pages.problem(request, response, HttpServletResponse.SC_NOT_FOUND, "Not in our catalog", e.getMessage());
        } catch (InvalidInputException e) {
            try {
                request.setAttribute("item", catalog.item(itemId));
            } catch (CatalogEntryNotFoundException vanished) {
                Pages.problem(request, response, HttpServletResponse.SC_NOT_FOUND, "Not in our catalog",
                        vanished.getMessage());
                return;
            }
            request.setAttribute("quantity", quantityText);
            Pages.rejected(request, response, "item", e.errors());
        }
    }

    private void update(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        ShoppingCart cart = ShoppingCarts.of(request);
        Map<String, Integer> quantities = new LinkedHashMap<>();
        Map<String, String> typed = new LinkedHashMap<>();
        FieldErrors errors = new FieldErrors();
        for (String name : request.getParameterMap().keySet()) {
            if (name.startsWith(QUANTITY_PREFIX)) {
                String text = Forms.param(request, name);
                typed.put(name.substring(QUANTITY_PREFIX.length()), text);
                Integer quantity = Forms.wholeNumber(text);
                if (quantity == null) {
                    errors.add(name, "Enter a whole number from 0 (remove) to " + Cart.MAX_QUANTITY + ".");
                } else {
                    quantities.put(name.substring(QUANTITY_PREFIX.length()), quantity);
                }
            }
        }
        try {
            if (errors.isEmpty()) {
                ShoppingCarts.remember(request, cart.update(quantities));
                Pages.redirect(request, response, "/cart");
                return;
            }
        } catch (InvalidInputException e) {
            errors.addAll(e.errors());
        }
        request.setAttribute("typed", typed);
        request.setAttribute("errors", errors.asMap());
        response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
        show(request, response, cart.contents());
    }

    private static void show(HttpServletRequest request, HttpServletResponse response, CartContents contents)
            throws ServletException, IOException {
        request.setAttribute("contents", contents);
        Pages.render(request, response, "cart");
    }
}
