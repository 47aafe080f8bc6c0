package dev.isola.appserver.deploy;

/** The kinds of module an application can have that this server runs. */
public enum ModuleKind {
    /** A {@code .war}: servlets, filters, listeners, JSPs, on the web sub-server. */
    WEB,
    /** A {@code .jar} with enterprise beans (annotations or {@code META-INF/ejb-jar.xml}). */
    EJB
}
