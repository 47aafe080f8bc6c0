package dev.isola.petstore.web;

import dev.isola.petstore.validation.FieldErrors;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Rendering helpers shared by the servlets. */
final class Pages {
    private Pages() {
    }

    /** Renders {@code /WEB-INF/jsp/<page>.jsp}. */
    static void render(HttpServletRequest request, HttpServletResponse response, String page)
            throws ServletException, IOException {
        request.getRequestDispatcher("/WEB-INF/jsp/" + page + ".jsp").forward(request, response);
    }

    /** Renders a form page again with status 400 and a message per offending field. */
    static void rejected(HttpServletRequest request, HttpServletResponse response, String page, FieldErrors errors)
            throws ServletException, IOException {
        request.setAttribute("errors", errors.asMap());
        response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
        render(request, response, page);
    }

    /**
     * Renders the problem page: a clear statement of what went wrong and what to do, with
     * {@code status} (404 for ids that name nothing, 409 for a cart that cannot be checked out).
     */
    static void problem(HttpServletRequest request, HttpServletResponse response, int status, String title,
                        String message) throws ServletException, IOException {
        request.setAttribute("problemTitle", title);
        request.setAttribute("problemMessage", message);
        response.setStatus(status);
        render(request, response, "problem");
    }

    /** Redirects to a path inside the application (Post/Redirect/Get after every change). */
    static void redirect(HttpServletRequest request, HttpServletResponse response, String path) throws IOException {
        response.sendRedirect(response.encodeRedirectURL(request.getContextPath() + path));
    }
}
