package dev.isola.admin.console;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** Sends the admin port's root, and {@code /console} without its slash, to the console. */
final class RedirectServlet extends HttpServlet {

    private final String target;

    RedirectServlet(String target) {
        this.target = target;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Pages.redirect(response, target);
    }
}
