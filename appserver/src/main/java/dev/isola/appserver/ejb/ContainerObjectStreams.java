package dev.isola.appserver.ejb;

import dev.isola.appserver.concurrent.ApplicationConcurrency;
import dev.isola.appserver.persistence.PersistenceUnits;
import dev.isola.appserver.jdbc.ManagedDataSource;
import dev.isola.appserver.naming.JavaContext;
import dev.isola.appserver.tx.BeanManagedTransaction;
import dev.isola.mvm.io.LoaderObjectInputStream;
import jakarta.ejb.EJBContext;
import jakarta.ejb.EJBException;
import jakarta.ejb.TimerService;

import javax.naming.NamingException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.util.function.Function;

/**
 * JDK serialization that knows the container's own objects: business-view proxies travel as
 * their {@link ViewReference}, and datasources, {@code UserTransaction}, {@code SessionContext},
 * {@code TimerService}, Jakarta Concurrency's resources and container-managed entity managers and
 * factories as the JNDI name they are
 * looked up again by. Used to copy the
 * values of remote-view calls and to passivate stateful beans, which the specification allows
 * to hold such references in non-serializable fields' stead (section 4.2.1).
 */
final class ContainerObjectStreams {

    private ContainerObjectStreams() {
    }

    record ProxyMarker(ViewReference reference) implements Serializable { }

    record JndiMarker(String name) implements Serializable { }

    static void write(Object value, OutputStream out) throws IOException {
        try (ObjectOutputStream oos = new ReplacingOutput(out)) {
            oos.writeObject(value);
        }
    }

    static byte[] toBytes(Object value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            write(value, bytes);
        } catch (IOException e) {
            throw new EJBException("cannot copy a value of type " + (value == null ? "null" : value.getClass().getName())
                    + " by value: " + e, e);
        }
        return bytes.toByteArray();
    }

    static Object read(InputStream in, ClassLoader loader, Function<ViewReference, Object> views) throws IOException, ClassNotFoundException {
        try (ObjectInputStream ois = new ResolvingInput(in, loader, views)) {
            return ois.readObject();
        }
    }

    static Object fromBytes(byte[] bytes, ClassLoader loader, Function<ViewReference, Object> views) {
        try {
            return read(new ByteArrayInputStream(bytes), loader, views);
        } catch (IOException | ClassNotFoundException e) {
            throw new EJBException("cannot copy a value by value: " + e, e);
        }
    }

    private static final class ReplacingOutput extends ObjectOutputStream {
        ReplacingOutput(OutputStream out) throws IOException {
            super(out);
            enableReplaceObject(true);
        }

        @Override
        protected Object replaceObject(Object obj) {
            if (obj instanceof ViewProxy proxy) {
                return new ProxyMarker(proxy.isola$viewReference());
            }
            if (obj instanceof ManagedDataSource ds) {
                return new JndiMarker(ds.name());
            }
            if (obj instanceof BeanManagedTransaction) {
                return new JndiMarker("java:comp/UserTransaction");
            }
            if (obj instanceof EJBContext) {
                return new JndiMarker("java:comp/EJBContext");
            }
            if (obj instanceof TimerService) {
                return new JndiMarker("java:comp/TimerService");
            }
            String concurrencyResource = ApplicationConcurrency.jndiNameOf(obj);
            if (concurrencyResource != null) {
                return new JndiMarker(concurrencyResource);
            }
            String persistenceObject = PersistenceUnits.jndiNameOf(obj);
            if (persistenceObject != null) {
                return new JndiMarker(persistenceObject);
            }
            return obj;
        }
    }

    private static final class ResolvingInput extends LoaderObjectInputStream {
        private final Function<ViewReference, Object> views;

        ResolvingInput(InputStream in, ClassLoader loader, Function<ViewReference, Object> views) throws IOException {
            super(in, loader);
            this.views = views;
            enableResolveObject(true);
        }

        @Override
        protected Object resolveObject(Object obj) throws IOException {
            if (obj instanceof ProxyMarker(ViewReference reference)) {
                return views.apply(reference);
            }
            if (obj instanceof JndiMarker(String name)) {
                try {
                    return JavaContext.lookupAbsolute(name);
                } catch (NamingException e) {
                    throw new IOException("cannot restore the reference to " + name + ": " + e.getMessage(), e);
                }
            }
            return obj;
        }
    }
}
