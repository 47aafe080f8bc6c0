package dev.isola.appserver.web;

import java.beans.Introspector;

/**
 * The JavaBeans introspector's cache of the thread group that every virtual thread belongs to,
 * emptied when a web module goes away.
 *
 * <p>Why: the introspector keeps one cache per thread group, keyed weakly by class, whose
 * {@code BeanInfo} values point back at their class's methods through soft references. Requests
 * run on virtual threads, which all share one thread group, so the bean information Jasper and EL
 * look up while serving (a JSP tag's setters above all) lands in that group's cache, and Tomcat's
 * own flush when a context stops runs on a platform thread of another group. What is left there
 * keeps the module's class loaders, and every class they loaded, until the collector clears soft
 * references under memory pressure, which an idle domain's heap may never reach.
 */
final class VirtualThreadBeanInfoCache {

    private VirtualThreadBeanInfoCache() {
    }

    /** Empties the cache of the virtual threads' group (by flushing from one of them) and waits for it. */
    static void flush() {
        try {
            Thread.ofVirtual().name("flush-bean-info").start(Introspector::flushCaches).join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
