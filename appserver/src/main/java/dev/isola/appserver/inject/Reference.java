package dev.isola.appserver.inject;

/**
 * What an injection point or a declared reference asks for.
 */
public sealed interface Reference {

    /** {@code @EJB}: a business view of an enterprise bean. Empty strings mean "not given". */
    record Ejb(String beanName, String beanInterface, String lookup) implements Reference { }

    /** {@code @Resource}: a datasource, a container object, an environment entry. */
    record Resource(String type, String lookup) implements Reference { }
}
