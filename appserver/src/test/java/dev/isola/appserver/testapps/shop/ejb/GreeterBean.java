package dev.isola.appserver.testapps.shop.ejb;

import dev.isola.appserver.testapps.shop.model.Greeting;
import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import java.util.ArrayList;
import java.util.List;

/** No-interface view; its greeting is an env-entry of ejb-jar.xml. */
@Stateless
public class GreeterBean {

    @Resource(name = "greeting")
    private String greeting;

    @Resource
    private SessionContext context;

    public Greeting greet(String name) {
        return new Greeting(greeting + ", " + name);
    }

    /** Names as this bean sees them, each "name=ok" or "name=missing: why". */
    public List<String> lookups() {
        List<String> result = new ArrayList<>();
        for (String name : List.of("java:module/CatalogBean", "java:module/CatalogBean!dev.isola.appserver.testapps.shop.ejb.Catalog",
                "java:comp/env/greeting", "java:comp/EJBContext", "java:comp/TimerService", "java:comp/DefaultDataSource",
                "java:module/ModuleName", "java:app/AppName")) {
            try {
                Object o = new InitialContext().lookup(name);
                result.add(name + "=" + (o instanceof String s ? s : "ok"));
            } catch (NamingException e) {
                result.add(name + "=missing: " + e.getMessage());
            }
        }
        result.add("context.lookup(greeting)=" + context.lookup("greeting"));
        return result;
    }
}
