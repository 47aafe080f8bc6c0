package dev.isola.appserver.inject;

/**
 * Finds the enterprise bean view an {@code @EJB} reference means, among the beans of the
 * referring application (the EJB container implements it).
 */
@FunctionalInterface
public interface EjbResolver {

    /**
     * @param viewType   the requested business interface or bean class (binary name)
     * @param fromModule the referring module's name: a bean in the same module wins over others
     */
    Resolution resolve(Reference.Ejb reference, String viewType, String fromModule);

    sealed interface Resolution {
        /** @param jndiName the view's {@code java:global} name */
        record Found(String jndiName) implements Resolution { }

        /** @param reason why nothing matches, listing what there is */
        record NotFound(String reason) implements Resolution { }
    }
}
