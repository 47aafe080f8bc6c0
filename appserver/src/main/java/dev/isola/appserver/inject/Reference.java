package dev.isola.appserver.inject;

/**
 * What an injection point or a declared reference asks for.
 */
public sealed interface Reference {

    /** {@code @EJB}: a business view of an enterprise bean. Empty strings mean "not given". */
    record Ejb(String beanName, String beanInterface, String lookup) implements Reference { }

    /** {@code @Resource}: a datasource, a container object, an environment entry. */
    record Resource(String type, String lookup) implements Reference { }

    /**
     * {@code @PersistenceContext}: a container-managed entity manager of a persistence unit.
     *
     * @param unitName       empty for the only unit the module sees; {@code path#name} for one of another module
     * @param extended       {@code PersistenceContextType.EXTENDED}
     * @param unsynchronized {@code SynchronizationType.UNSYNCHRONIZED}: joins a transaction only when asked to
     * @param properties     the annotation's {@code properties}, passed to the provider for each entity manager
     */
    record PersistenceContext(String unitName, boolean extended, boolean unsynchronized, java.util.Map<String, String> properties)
            implements Reference { }

    /** {@code @PersistenceUnit}: the entity manager factory of a persistence unit. */
    record PersistenceUnit(String unitName) implements Reference { }

    /** The annotation that asked for this, for messages: {@code @EJB}, {@code @Resource}, {@code @PersistenceContext}. */
    default String annotation() {
        return switch (this) {
            case Ejb e -> "@EJB";
            case Resource r -> "@Resource";
            case PersistenceContext c -> "@PersistenceContext";
            case PersistenceUnit u -> "@PersistenceUnit";
        };
    }
}
