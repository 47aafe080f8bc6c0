package dev.isola.petstore.web;

import dev.isola.petstore.account.Account;
import dev.isola.petstore.account.AccountService;
import dev.isola.petstore.account.SignOnFailedException;
import dev.isola.petstore.cart.CartContents;
import dev.isola.petstore.cart.ShoppingCart;
import dev.isola.petstore.order.CheckoutException;
import dev.isola.petstore.order.CheckoutForm;
import dev.isola.petstore.order.EmptyCartException;
import dev.isola.petstore.order.InsufficientStockException;
import dev.isola.petstore.order.PaymentCard;
import dev.isola.petstore.order.PlacedOrder;
import dev.isola.petstore.order.UnknownItemException;
import dev.isola.petstore.validation.FieldErrors;
import dev.isola.petstore.validation.InvalidInputException;
import jakarta.ejb.EJB;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.YearMonth;

/**
 * Checkout in three steps: the billing and shipping form ({@code GET /checkout}), the review page
 * ({@code POST action=review}) and placing the order ({@code POST action=place}), which redirects
 * to the new order's confirmation page.
 */
@WebServlet(name = "checkout", urlPatterns = "/checkout")
public class CheckoutServlet extends HttpServlet {
    /** Session attribute holding the reviewed form until the order is placed. */
    static final String REVIEWED_FORM = "checkoutForm";

    @EJB
    private AccountService accounts;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        if (contentsOrExplain(request, response) == null) {
            return;
        }
        CheckoutForm reviewed = (CheckoutForm) request.getSession().getAttribute(REVIEWED_FORM);
        CheckoutForm form;
        if (reviewed != null) {
            form = reviewed;
        } else {
            try {
                Account account = accounts.find(SignedOnUser.current(request).userId());
                form = new CheckoutForm(account.billing(), account.billing().equals(account.shipping()),
                        account.shipping(), new PaymentCard("", "", ""));
            } catch (SignOnFailedException e) {
                Pages.redirect(request, response, "/signon?next=/checkout");
                return;
            }
        }
        showForm(request, response, form, null);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String action = Forms.param(request, "action");
        switch (action) {
            case "review" -> review(request, response);
            case "place" -> place(request, response);
            default -> Pages.problem(request, response, HttpServletResponse.SC_BAD_REQUEST, "Unknown checkout step",
                    "Checkout has no step '" + action + "'; start again from your cart.");
        }
    }

    private void review(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        CartContents contents = contentsOrExplain(request, response);
        if (contents == null) {
            return;
        }
        CheckoutForm form = new CheckoutForm(Forms.address(request, "billing"), Forms.checked(request, "shipToBilling"),
                Forms.address(request, "shipping"), new PaymentCard(Forms.param(request, "card.type"),
                Forms.param(request, "card.number"), Forms.param(request, "card.expiry")));
        FieldErrors errors = form.validate(YearMonth.now());
        if (!errors.isEmpty()) {
            showForm(request, response, form, errors);
            return;
        }
        request.getSession().setAttribute(REVIEWED_FORM, form);
        request.setAttribute("form", form);
        request.setAttribute("contents", contents);
        Pages.render(request, response, "review");
    }

    private void place(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        CheckoutForm form = (CheckoutForm) request.getSession().getAttribute(REVIEWED_FORM);
        if (form == null) {
            Pages.redirect(request, response, "/checkout");
            return;
        }
        ShoppingCart cart = ShoppingCarts.existing(request);
        if (cart == null) {
            explain(request, response, new EmptyCartException());
            return;
        }
        try {
            PlacedOrder placed = cart.checkout(SignedOnUser.current(request).userId(), form);
            request.getSession().removeAttribute(REVIEWED_FORM);
            ShoppingCarts.remember(request, cart.contents());
            Pages.redirect(request, response, "/order?id=" + placed.orderId() + "&placed=true");
        } catch (InvalidInputException e) {
            showForm(request, response, form, e.errors());
        } catch (CheckoutException e) {
            explain(request, response, e);
        }
    }

    /** The cart's contents, or null after rendering the empty-cart page. */
    private static CartContents contentsOrExplain(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        ShoppingCart cart = ShoppingCarts.existing(request);
        CartContents contents = cart == null ? null : cart.contents();
        if (contents == null || contents.isEmpty()) {
            explain(request, response, new EmptyCartException());
            return null;
        }
        return contents;
    }

    private static void explain(HttpServletRequest request, HttpServletResponse response, CheckoutException problem)
            throws ServletException, IOException {
        String title = switch (problem) {
            case EmptyCartException empty -> "Your cart is empty";
            case InsufficientStockException shortage -> "Not enough in stock";
            case UnknownItemException unknown -> "An item in your cart is not in our catalog";
        };
        int status = problem instanceof UnknownItemException
                ? HttpServletResponse.SC_NOT_FOUND : HttpServletResponse.SC_CONFLICT;
        request.setAttribute("backToCart", Boolean.TRUE);
        Pages.problem(request, response, status, title, problem.getMessage());
    }

    private static void showForm(HttpServletRequest request, HttpServletResponse response, CheckoutForm form,
                                 FieldErrors errors) throws ServletException, IOException {
        request.setAttribute("form", form);
        request.setAttribute("cardTypes", PaymentCard.TYPES);
        if (errors == null) {
            Pages.render(request, response, "checkout");
        } else {
            Pages.rejected(request, response, "checkout", errors);
        }
    }
}
