package dev.isola.appserver.ejb;

import java.util.function.Function;

/**
 * {@link ValueCopier} by JDK serialization (through {@link ContainerObjectStreams}, so bean
 * references stay bean references). Immutable JDK values that cannot be shared wrongly
 * (strings, boxed primitives, null) are passed as they are.
 */
final class SerializingCopier implements ValueCopier {

    private final Function<ViewReference, Object> views;

    SerializingCopier(Function<ViewReference, Object> views) {
        this.views = views;
    }

    @Override
    public Object copy(Object value, ClassLoader target) {
        if (value == null || value instanceof String || value instanceof Number && value.getClass().getName().startsWith("java.lang.")
                || value instanceof Boolean || value instanceof Character || value instanceof Enum<?>) {
            return value;
        }
        return ContainerObjectStreams.fromBytes(ContainerObjectStreams.toBytes(value), target, views);
    }
}
