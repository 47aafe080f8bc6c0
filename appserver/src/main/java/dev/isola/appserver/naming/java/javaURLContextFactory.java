package dev.isola.appserver.naming.java;

import dev.isola.appserver.naming.JavaContext;

import javax.naming.Context;
import javax.naming.Name;
import javax.naming.NamingException;
import javax.naming.spi.ObjectFactory;
import java.util.Hashtable;

/**
 * The JNDI URL context factory for the {@code java:} scheme. JNDI finds it by its name: the
 * server puts {@code dev.isola.appserver.naming} into {@code java.naming.factory.url.pkgs},
 * and JNDI loads {@code <prefix>.java.javaURLContextFactory} (the lower-case class name is
 * what the JNDI specification prescribes). That is how {@code new InitialContext().lookup("java:comp/env/x")}
 * works in applications with no configuration.
 */
public final class javaURLContextFactory implements ObjectFactory {

    @Override
    public Object getObjectInstance(Object urlInfo, Name name, Context nameCtx, Hashtable<?, ?> environment) throws NamingException {
        JavaContext root = new JavaContext(environment);
        if (urlInfo == null) {
            return root;
        }
        if (urlInfo instanceof String url) {
            return root.lookup(url);
        }
        if (urlInfo instanceof String[] urls && urls.length > 0) {
            NamingException last = null;
            for (String url : urls) {
                try {
                    return root.lookup(url);
                } catch (NamingException e) {
                    last = e;
                }
            }
            throw last;
        }
        return null;
    }
}
