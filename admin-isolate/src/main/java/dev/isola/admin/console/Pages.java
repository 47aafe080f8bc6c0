package dev.isola.admin.console;

import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The frame every console page shares, and writing a page or a refusal. */
final class Pages {

    private Pages() {
    }

    /**
     * A whole page.
     *
     * @param page    what the script does on it ({@code data-page}): dashboard, domain, jms, or login
     * @param session the logged-in session (its token goes in a meta tag for the script, and in the logout form), null on the login page
     * @param domain  the domain the page is about, for the script; null if none
     */
    static Html.Raw document(String title, String page, ConsoleSession session, String domain, Html.Raw main) {
        Html.Raw header = session == null ? Html.raw("") : Html.t("""
                <header class="top">
                <a class="brand" href="/console/">Isola admin</a>
                <nav><a href="/console/">Dashboard</a></nav>
                <form method="post" action="{}" class="logout"><input type="hidden" name="{}" value="{}"><button type="submit">Log out</button></form>
                </header>""", LoginServlet.LOGOUT_PATH, ConsoleSession.CSRF_FIELD, session.csrfToken());
        return Html.t("""
                <!doctype html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <meta name="csrf-token" content="{}">
                <title>{} · Isola admin</title>
                <link rel="stylesheet" href="/console/static/console.css">
                <script src="/console/static/console.js" defer></script>
                </head>
                <body data-page="{}" data-domain="{}">
                {}
                {}
                </body>
                </html>
                """, session == null ? "" : session.csrfToken(), title, page, domain == null ? "" : domain, header, main);
    }

    static void write(HttpServletResponse response, int status, Html.Raw page) throws IOException {
        response.setStatus(status);
        response.setContentType("text/html;charset=UTF-8");
        response.getOutputStream().write(page.html().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Sends the browser to {@code location} (a path on the admin port) with a 303, so that a
     * form's post is followed by a GET. Written by hand: the image's servlet API and Tomcat's
     * facade disagree about {@code sendRedirect(String)}.
     */
    static void redirect(HttpServletResponse response, String location) {
        response.setStatus(303);
        response.setHeader("Location", location);
    }

    /** A short page that says why a request was refused. */
    static void refuse(HttpServletResponse response, int status, String message) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.resetBuffer();
        write(response, status, document("Error " + status, "error", null, null, Html.t("""
                <main class="narrow"><h1>Error {}</h1><p class="alert" role="alert" id="refusal">{}</p>
                <p><a href="/console/">Back to the console</a></p></main>""", status, message)));
    }
}
