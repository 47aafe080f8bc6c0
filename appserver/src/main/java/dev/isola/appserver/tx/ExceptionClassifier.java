package dev.isola.appserver.tx;

/**
 * Tells application exceptions from system exceptions, the distinction the container-managed
 * transaction rules turn on (Jakarta Enterprise Beans 4, chapter 9). Supplied by the
 * component's deployment: {@code @ApplicationException}, the descriptor's
 * {@code application-exception} elements and the method's {@code throws} clause.
 */
@FunctionalInterface
public interface ExceptionClassifier {

    /** What kind of exception {@code t} is for this component. */
    Kind classify(Throwable t);

    sealed interface Kind {
        /** An application exception: passed to the caller as is; {@code rollback} marks the transaction. */
        record Application(boolean rollback) implements Kind { }

        /** Anything else: the transaction rolls back, the instance is discarded. */
        record SystemFailure() implements Kind { }
    }
}
