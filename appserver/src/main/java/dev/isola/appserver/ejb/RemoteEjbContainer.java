package dev.isola.appserver.ejb;

import java.util.Map;
import java.util.Set;

/**
 * The EJB container of another isolate, as a web isolate of a separated domain reaches it:
 * one {@link BeanInvoker} per application, whose values travel in that application's class
 * loader under an allow-list of its classes.
 */
public interface RemoteEjbContainer {

    /**
     * Opens the way to {@code application}'s beans in the EJB isolate and checks that it runs
     * there.
     *
     * @param loader       the application's class loader here: values are resolved in it
     * @param valueClasses the application's classes as allow-list patterns (see {@link EjbApplication})
     * @param moduleOfBean the EJB module of each session bean (calls name it)
     * @throws jakarta.ejb.EJBException naming the domain and the reason if the EJB isolate cannot be
     *                                  reached or does not run the application
     */
    BeanInvoker open(String application, ClassLoader loader, Set<String> valueClasses, Map<String, String> moduleOfBean);

    /** Closes what {@link #open} opened; calls made after fail. */
    void close(String application);
}
