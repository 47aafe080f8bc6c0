package dev.isola.appserver.web;

import dev.isola.appserver.security.Caller;
import dev.isola.appserver.security.Callers;
import jakarta.servlet.ServletException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.realm.GenericPrincipal;
import org.apache.catalina.valves.ValveBase;

import java.io.IOException;
import java.security.Principal;
import java.util.Set;

/**
 * Makes the signed-in user of each request the caller of the beans the request calls
 * ({@link Callers}): it runs before the web application's authenticator, so the caller is
 * looked up when a bean is called, by which time Tomcat has signed the user in (or the
 * application has, with {@code HttpServletRequest.login}).
 */
final class CallerValve extends ValveBase {

    CallerValve() {
        super(true);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        try (var _ = Callers.enter(() -> callerOf(request))) {
            getNext().invoke(request, response);
        }
    }

    private static Caller callerOf(Request request) {
        Principal principal = request.getPrincipal();
        if (principal == null) {
            return null;
        }
        return new Caller(principal.getName(), principal instanceof GenericPrincipal generic ? Set.of(generic.getRoles()) : Set.of());
    }
}
