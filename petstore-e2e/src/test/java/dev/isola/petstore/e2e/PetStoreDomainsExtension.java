package dev.isola.petstore.e2e;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Gives a test's {@code PetStoreDomains} parameter the one {@link PetStoreDomains} of the test
 * run: started by the first class that asks, kept in the root context's store, and closed by
 * JUnit (it is {@link AutoCloseable}) when the run ends, so the admin isolate and every domain
 * isolate stop with the tests.
 */
final class PetStoreDomainsExtension implements ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(PetStoreDomainsExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == PetStoreDomains.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) throws ParameterResolutionException {
        return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(PetStoreDomains.class, type -> {
            try {
                return PetStoreDomains.start();
            } catch (IOException e) {
                throw new UncheckedIOException("could not start the admin isolate with the Pet Store domains", e);
            }
        }, PetStoreDomains.class);
    }
}
