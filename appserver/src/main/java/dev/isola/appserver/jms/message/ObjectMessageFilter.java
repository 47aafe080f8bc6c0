package dev.isola.appserver.jms.message;

import dev.isola.mvm.io.LoaderObjectInputStream;
import jakarta.jms.MessageFormatException;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.List;

/**
 * Which classes an {@code ObjectMessage} may deserialize: Java deserialization of data from
 * another application runs code of every class named in the stream, so only classes on the
 * allow-list are loaded; anything else fails with a {@link MessageFormatException} that
 * names the class and the setting to change.
 *
 * <p>Entries are:
 * <ul>
 *   <li>{@code *}: every class (only for fully trusted senders);</li>
 *   <li>{@code com.example.model.*}: that package and its sub-packages;</li>
 *   <li>{@code com.example.model}: the classes directly in that package, or the class of
 *       that exact name.</li>
 * </ul>
 * Arrays are checked by their element class; primitives are always allowed. The list is the
 * {@code objectMessageAllowList} setting of the connection factory
 * ({@code ConnectionFactoryConfig}), by default plain JDK value types.
 */
public final class ObjectMessageFilter {

    private final List<String> allowList;

    public ObjectMessageFilter(List<String> allowList) {
        this.allowList = List.copyOf(allowList);
        for (String entry : this.allowList) {
            if (entry.isBlank() || entry.contains(" ") || entry.contains("/")) {
                throw new IllegalArgumentException("object message allow-list entry '" + entry
                        + "' is not '*', a package, 'package.*' or a class name");
            }
        }
    }

    public List<String> allowList() {
        return allowList;
    }

    public boolean allows(String className) {
        String packageName = className.contains(".") ? className.substring(0, className.lastIndexOf('.')) : "";
        for (String entry : allowList) {
            if (entry.equals("*") || entry.equals(className) || entry.equals(packageName)) {
                return true;
            }
            if (entry.endsWith(".*")) {
                String prefix = entry.substring(0, entry.length() - 2);
                if (packageName.equals(prefix) || packageName.startsWith(prefix + ".")) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Deserializes with this filter, resolving classes through {@code loader} (the
     * application's class loader).
     *
     * @throws MessageFormatException if a class is not allowed, cannot be found, or the data is corrupt
     */
    public Serializable deserialize(byte[] serialized, ClassLoader loader) throws MessageFormatException {
        String[] refused = new String[1];
        ObjectInputFilter filter = info -> {
            Class<?> type = info.serialClass();
            if (type == null) {
                return ObjectInputFilter.Status.UNDECIDED;
            }
            while (type.isArray()) {
                type = type.getComponentType();
            }
            if (type.isPrimitive() || allows(type.getName())) {
                return ObjectInputFilter.Status.ALLOWED;
            }
            refused[0] = type.getName();
            return ObjectInputFilter.Status.REJECTED;
        };
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(serialized), loader)) {
            in.setObjectInputFilter(filter);
            return (Serializable) in.readObject();
        } catch (InvalidClassException e) {
            if (refused[0] != null) {
                throw new MessageFormatException("ObjectMessage holds a " + refused[0] + ", which is not on the object message allow-list "
                        + allowList + "; add its package to the connection factory's objectMessageAllowList to accept it");
            }
            throw failure("ObjectMessage holds an incompatible class: " + e.getMessage(), e);
        } catch (ClassNotFoundException e) {
            throw failure("ObjectMessage holds a class this application cannot load: " + e.getMessage(), e);
        } catch (IOException | ClassCastException e) {
            throw failure("ObjectMessage body cannot be deserialized: " + e, e);
        }
    }

    private static MessageFormatException failure(String message, Exception cause) {
        MessageFormatException e = new MessageFormatException(message);
        e.setLinkedException(cause);
        e.initCause(cause);
        return e;
    }
}
