package dev.isola.appserver.naming;

import javax.naming.Context;

/**
 * Installs the {@code java:} URL scheme for this process. JNDI reads
 * {@link Context#URL_PKG_PREFIXES} from the system properties for every {@code InitialContext},
 * so after {@link #install()} any code (applications, Tomcat's JSP runtime, libraries) can
 * look up {@code java:} names without a {@code jndi.properties}.
 */
public final class JavaNaming {

    static final String PACKAGE_PREFIX = "dev.isola.appserver.naming";

    private JavaNaming() {
    }

    public static synchronized void install() {
        String prefixes = System.getProperty(Context.URL_PKG_PREFIXES);
        if (prefixes == null || prefixes.isBlank()) {
            System.setProperty(Context.URL_PKG_PREFIXES, PACKAGE_PREFIX);
        } else if (!(":" + prefixes + ":").contains(":" + PACKAGE_PREFIX + ":")) {
            System.setProperty(Context.URL_PKG_PREFIXES, PACKAGE_PREFIX + ":" + prefixes);
        }
    }
}
