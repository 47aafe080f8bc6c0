package dev.isola.petstore.web;

import dev.isola.petstore.account.Account;
import dev.isola.petstore.account.AccountService;
import dev.isola.petstore.account.Address;
import dev.isola.petstore.account.Profile;
import dev.isola.petstore.account.Registration;
import dev.isola.petstore.account.SignOnFailedException;
import dev.isola.petstore.catalog.CatalogService;
import dev.isola.petstore.validation.FieldErrors;
import dev.isola.petstore.validation.InvalidInputException;
import jakarta.ejb.EJB;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;

/**
 * Sign on ({@code /signon}), sign off ({@code POST /signoff}), create an account
 * ({@code /register}) and view it ({@code /account}).
 */
@WebServlet(name = "account", urlPatterns = {"/signon", "/signoff", "/register", "/account"})
public class AccountServlet extends HttpServlet {

    @EJB
    private AccountService accounts;

    @EJB
    private CatalogService catalog;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        switch (request.getServletPath()) {
            case "/signon" -> {
                request.setAttribute("next", next(request));
                Pages.render(request, response, "signon");
            }
            case "/register" -> {
                Address blank = new Address("", "", "", "", "", "", "", "");
                request.setAttribute("form", new Registration("", "", "", "", "", "", "", blank, true, blank,
                        new Profile("", "en", true)));
                showRegistration(request, response, null);
            }
            case "/account" -> {
                try {
                    request.setAttribute("account", accounts.find(SignedOnUser.current(request).userId()));
                } catch (SignOnFailedException e) {
                    signOff(request, response);
                    return;
                }
                request.setAttribute("languages", Profile.LANGUAGES);
                request.setAttribute("categories", catalog.categories());
                Pages.render(request, response, "account");
            }
            default -> {
                // GET /signoff: signing off changes state, so it takes a POST; offer the button.
                Pages.render(request, response, "signoff");
            }
        }
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        switch (request.getServletPath()) {
            case "/signon" -> signOn(request, response);
            case "/signoff" -> signOff(request, response);
            case "/register" -> register(request, response);
            default -> response.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
        }
    }

    private void signOn(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String userId = Forms.param(request, "userId");
        try {
            Account account = accounts.signOn(userId, request.getParameter("password"));
            startSession(request, account);
            Pages.redirect(request, response, next(request));
        } catch (SignOnFailedException e) {
            request.setAttribute("userId", userId);
            request.setAttribute("next", next(request));
            Pages.rejected(request, response, "signon", new FieldErrors().add("password", e.getMessage()));
        }
    }

    private void register(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        boolean shipToBilling = Forms.checked(request, "shipToBilling");
        Registration form = new Registration(Forms.param(request, "userId"), request.getParameter("password"),
                request.getParameter("repeatPassword"), Forms.param(request, "email"),
                Forms.param(request, "firstName"), Forms.param(request, "lastName"), Forms.param(request, "phone"),
                Forms.address(request, "billing"), shipToBilling, Forms.address(request, "shipping"),
                new Profile(Forms.param(request, "favouriteCategory"), Forms.param(request, "language"),
                        Forms.checked(request, "showFavourites")));
        try {
            Account account = accounts.create(form);
            startSession(request, account);
            Pages.redirect(request, response, "/account?created=true");
        } catch (InvalidInputException e) {
            request.setAttribute("form", form);
            showRegistration(request, response, e.errors());
        }
    }

    private void showRegistration(HttpServletRequest request, HttpServletResponse response, FieldErrors errors)
            throws ServletException, IOException {
        request.setAttribute("languages", Profile.LANGUAGES);
        request.setAttribute("categories", catalog.categories());
        if (errors == null) {
            Pages.render(request, response, "register");
        } else {
            Pages.rejected(request, response, "register", errors);
        }
    }

    /** Signs {@code account} on, under a new session id so a planted session id is worthless. */
    private static void startSession(HttpServletRequest request, Account account) {
        request.getSession();
        request.changeSessionId();
        request.getSession().setAttribute(SignedOnUser.ATTRIBUTE, SignedOnUser.of(account));
    }

    private static void signOff(HttpServletRequest request, HttpServletResponse response) throws IOException {
        HttpSession session = request.getSession(false);
        if (session != null) {
            ShoppingCarts.release(session);
            session.invalidate();
        }
        Pages.redirect(request, response, "/");
    }

    private static String next(HttpServletRequest request) {
        String next = Forms.param(request, "next");
        return SignOnFilter.isLocalPath(next) ? next : "/";
    }
}
