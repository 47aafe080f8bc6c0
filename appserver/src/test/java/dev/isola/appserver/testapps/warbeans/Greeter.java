package dev.isola.appserver.testapps.warbeans;

import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;

/** A stateless bean in a WAR's WEB-INF/classes, with its own session context, in the web module's java:module. */
@Stateless
public class Greeter {

    @Resource
    private SessionContext context;

    public String greet(String name) {
        return "Hello, " + name + ", from module " + context.lookup("java:module/ModuleName") + " as " + context.getCallerPrincipal().getName();
    }
}
