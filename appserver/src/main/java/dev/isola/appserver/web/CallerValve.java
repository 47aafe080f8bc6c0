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
import java.util.Arrays;
import java.util.Set;
import java.util.function.Supplier;

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
        try (var _ = Callers.enter(new RequestCaller(request))) {
            getNext().invoke(request, response);
        }
    }

    /**
     * The caller of one request, made once for its principal: a request calls many beans, each
     * of which asks. A new principal (the application signed a user in, or out) makes a new one.
     */
    private static final class RequestCaller implements Supplier<Caller> {
        private final Request request;
        private Principal madeFor;
        private Caller caller;

        RequestCaller(Request request) {
            this.request = request;
        }

        @Override
        public Caller get() {
            Principal principal = request.getPrincipal();
            if (principal != madeFor) {
                madeFor = principal;
                caller = principal == null ? null
                        : new Caller(principal.getName(), principal instanceof GenericPrincipal generic
                        ? Set.copyOf(Arrays.asList(generic.getRoles())) : Set.of());
            }
            return caller;
        }
    }
}
