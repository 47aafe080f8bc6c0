package dev.isola.mvm.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;

/**
 * An {@link ObjectInputStream} that resolves classes with a given loader (an application's, for
 * its values) rather than the nearest one on the caller's stack, which in the server is the
 * server's. Classes are looked up without being initialized; what the loader does not know is
 * resolved as the JDK would (primitive types, the platform's classes).
 */
public class LoaderObjectInputStream extends ObjectInputStream {
    private final ClassLoader loader;

    public LoaderObjectInputStream(InputStream in, ClassLoader loader) throws IOException {
        super(in);
        this.loader = loader;
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass description) throws IOException, ClassNotFoundException {
        try {
            return Class.forName(description.getName(), false, loader);
        } catch (ClassNotFoundException e) {
            return super.resolveClass(description);
        }
    }
}
