package dev.isola.appserver.naming;

import javax.naming.NameAlreadyBoundException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * One naming scope ({@code java:global}, one application's {@code java:app}, one module's
 * {@code java:module}, one component's {@code java:comp}): a flat map from relative names
 * ("env/jdbc/Orders", "OrderService!com.example.Orders") to {@link Binding}s. Intermediate
 * names ("env", "env/jdbc") are contexts implicitly, so listing and sub-context lookups
 * work without registering folders.
 *
 * <p>Applications see namespaces read-only: the server binds during deployment and unbinds
 * at undeployment.
 */
public final class Namespace {

    private final String scope;
    private final ConcurrentMap<String, Binding> bindings = new ConcurrentHashMap<>();

    /** @param scope for messages: "java:global", "java:app (shop)", "java:comp (shop/orders/OrderService)" */
    public Namespace(String scope) {
        this.scope = scope;
    }

    public String scope() {
        return scope;
    }

    public void bind(String name, Binding binding) throws NameAlreadyBoundException {
        String key = normalize(name);
        if (bindings.putIfAbsent(key, binding) != null) {
            throw new NameAlreadyBoundException(scope + "/" + key + " is already bound");
        }
    }

    /** Binds unless something is bound already; returns whether it bound. */
    public boolean bindIfAbsent(String name, Binding binding) {
        return bindings.putIfAbsent(normalize(name), binding) == null;
    }

    public void unbind(String name) {
        bindings.remove(normalize(name));
    }

    /** Removes every name that starts with {@code prefix} (an undeployed application's global names). */
    public void unbindAll(String prefix) {
        String p = normalize(prefix);
        bindings.keySet().removeIf(k -> k.equals(p) || k.startsWith(p + "/"));
    }

    public Optional<Binding> binding(String name) {
        return Optional.ofNullable(bindings.get(normalize(name)));
    }

    /** Whether {@code name} is bound or is a context (a prefix of bound names). */
    public boolean contains(String name) {
        String key = normalize(name);
        if (key.isEmpty() || bindings.containsKey(key)) {
            return true;
        }
        String prefix = key + "/";
        return bindings.keySet().stream().anyMatch(k -> k.startsWith(prefix));
    }

    /** The direct children of context {@code name}: child name → binding, or empty for sub-contexts. */
    public Map<String, Optional<Binding>> children(String name) {
        String key = normalize(name);
        String prefix = key.isEmpty() ? "" : key + "/";
        Map<String, Optional<Binding>> children = new TreeMap<>();
        bindings.forEach((k, b) -> {
            if (k.startsWith(prefix) && k.length() > prefix.length()) {
                String rest = k.substring(prefix.length());
                int slash = rest.indexOf('/');
                if (slash < 0) {
                    children.put(rest, Optional.of(b));
                } else {
                    children.putIfAbsent(rest.substring(0, slash), Optional.empty());
                }
            }
        });
        return children;
    }

    static String normalize(String name) {
        String n = name;
        while (n.startsWith("/")) {
            n = n.substring(1);
        }
        while (n.endsWith("/")) {
            n = n.substring(0, n.length() - 1);
        }
        return n;
    }

    @Override
    public String toString() {
        return scope + " " + new TreeMap<>(bindings).keySet();
    }
}
