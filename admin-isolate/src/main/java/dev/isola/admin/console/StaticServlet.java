package dev.isola.admin.console;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/** The console's style sheet and script, from the admin isolate's class path (no CDN, no build step). */
final class StaticServlet extends HttpServlet {

    private static final Map<String, String> FILES = Map.of(
            "/console.css", "text/css;charset=UTF-8",
            "/console.js", "text/javascript;charset=UTF-8");

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String name = request.getPathInfo();
        String type = name == null ? null : FILES.get(name);
        if (type == null) {
            Pages.refuse(response, 404, "No console file " + request.getRequestURI() + ".");
            return;
        }
        try (InputStream in = StaticServlet.class.getResourceAsStream("static" + name)) {
            if (in == null) {
                throw new IllegalStateException("the console's " + name + " is missing from the admin isolate's jar");
            }
            response.setContentType(type);
            response.setHeader("Cache-Control", "no-cache");
            in.transferTo(response.getOutputStream());
        }
    }
}
