package dev.isola.appserver.naming;

import javax.naming.Binding;
import javax.naming.CompositeName;
import javax.naming.Context;
import javax.naming.Name;
import javax.naming.NameClassPair;
import javax.naming.NameNotFoundException;
import javax.naming.NameParser;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.OperationNotSupportedException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Hashtable;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * A read-only JNDI {@link Context} over the {@code java:} namespaces. The root context
 * ({@code base} "java:") resolves absolute {@code java:} names against the calling
 * component's {@link Scopes}; a context obtained by looking up an intermediate name (for
 * example {@code java:comp/env}) keeps the scopes of the component that looked it up, as
 * the specification expects of a context handed around inside one component.
 */
public final class JavaContext implements Context {

    private static final int MAX_LINKS = 16;
    private static final NameParser PARSER = CompositeName::new;

    private final String base;
    private final Scopes pinned;
    private final Hashtable<Object, Object> environment;

    public JavaContext(Hashtable<?, ?> environment) {
        this("java:", null, environment);
    }

    private JavaContext(String base, Scopes pinned, Hashtable<?, ?> environment) {
        this.base = base;
        this.pinned = pinned;
        this.environment = environment == null ? new Hashtable<>() : new Hashtable<>(environment);
    }

    /** Looks {@code name} up as the calling component would ({@code java:comp/env/…}, {@code java:global/…}). */
    public static Object lookupAbsolute(String name) throws NamingException {
        return new JavaContext(null).lookup(name);
    }

    @Override
    public Object lookup(String name) throws NamingException {
        return resolve(absolute(name), scopes(), 0);
    }

    @Override
    public Object lookup(Name name) throws NamingException {
        return lookup(name.toString());
    }

    private Scopes scopes() {
        return pinned != null ? pinned : NamingScopes.current();
    }

    private String absolute(String name) {
        if (name.startsWith("java:")) {
            return name;
        }
        if (name.isEmpty()) {
            return base;
        }
        return base.endsWith(":") || base.endsWith("/") ? base + name : base + "/" + name;
    }

    private Object resolve(String absolute, Scopes scopes, int depth) throws NamingException {
        String path = Namespace.normalize(absolute.substring("java:".length()));
        if (path.isEmpty()) {
            return new JavaContext("java:", scopes, environment);
        }
        int slash = path.indexOf('/');
        String scopeName = slash < 0 ? path : path.substring(0, slash);
        String rest = slash < 0 ? "" : path.substring(slash + 1);
        Namespace ns = namespace(scopeName, scopes, absolute);
        if (rest.isEmpty()) {
            return new JavaContext("java:" + scopeName, scopes, environment);
        }
        Optional<dev.isola.appserver.naming.Binding> binding = ns.binding(rest);
        if (binding.isPresent()) {
            return switch (binding.get()) {
                case dev.isola.appserver.naming.Binding.Value v -> v.value();
                case dev.isola.appserver.naming.Binding.Factory f -> f.factory().get();
                case dev.isola.appserver.naming.Binding.Link l -> {
                    if (depth >= MAX_LINKS) {
                        throw new NamingException(absolute + ": too many links (a cycle?) ending at " + l.target());
                    }
                    yield resolve(l.target(), scopes, depth + 1);
                }
            };
        }
        if (ns.contains(rest)) {
            return new JavaContext("java:" + scopeName + "/" + rest, scopes, environment);
        }
        NameNotFoundException e = new NameNotFoundException(absolute + " is not bound in " + ns.scope());
        e.setRemainingName(new CompositeName(rest));
        throw e;
    }

    /** Whether {@code name} would resolve for {@code scopes}, without creating anything. */
    public static boolean isResolvable(String name, Scopes scopes) {
        return isResolvable(name, scopes, 0);
    }

    private static boolean isResolvable(String name, Scopes scopes, int depth) {
        if (!name.startsWith("java:") || depth > MAX_LINKS) {
            return false;
        }
        String path = Namespace.normalize(name.substring("java:".length()));
        int slash = path.indexOf('/');
        Namespace ns = scopes.select(slash < 0 ? path : path.substring(0, slash));
        if (ns == null) {
            return false;
        }
        String rest = slash < 0 ? "" : path.substring(slash + 1);
        Optional<dev.isola.appserver.naming.Binding> binding = ns.binding(rest);
        if (binding.isPresent() && binding.get() instanceof dev.isola.appserver.naming.Binding.Link l) {
            return isResolvable(l.target(), scopes, depth + 1);
        }
        return ns.contains(rest);
    }

    private static Namespace namespace(String scopeName, Scopes scopes, String absolute) throws NamingException {
        if (scopeName.equals("global") && scopes == null) {
            return NamingScopes.global();
        }
        if (scopes == null) {
            if (isScopeName(scopeName)) {
                throw new NameNotFoundException(absolute + ": the calling thread belongs to no application component, so java:"
                        + scopeName + " has no meaning here (only java:global resolves)");
            }
            throw new NameNotFoundException(absolute + ": unknown java: scope '" + scopeName + "' (expected comp, module, app or global)");
        }
        Namespace ns = scopes.select(scopeName);
        if (ns == null) {
            throw new NameNotFoundException(absolute + ": unknown java: scope '" + scopeName + "' (expected comp, module, app or global)");
        }
        return ns;
    }

    private static boolean isScopeName(String s) {
        return s.equals("comp") || s.equals("module") || s.equals("app");
    }

    @Override
    public NamingEnumeration<NameClassPair> list(String name) throws NamingException {
        List<NameClassPair> pairs = new ArrayList<>();
        for (Binding b : bindings(name)) {
            pairs.add(new NameClassPair(b.getName(), b.getClassName()));
        }
        return new ListEnumeration<>(pairs);
    }

    @Override
    public NamingEnumeration<NameClassPair> list(Name name) throws NamingException {
        return list(name.toString());
    }

    @Override
    public NamingEnumeration<Binding> listBindings(String name) throws NamingException {
        return new ListEnumeration<>(bindings(name));
    }

    @Override
    public NamingEnumeration<Binding> listBindings(Name name) throws NamingException {
        return listBindings(name.toString());
    }

    private List<Binding> bindings(String name) throws NamingException {
        String absolute = absolute(name);
        Object target = lookup(absolute);
        if (!(target instanceof JavaContext ctx)) {
            throw new NamingException(absolute + " is not a context");
        }
        String path = Namespace.normalize(ctx.base.substring("java:".length()));
        int slash = path.indexOf('/');
        if (path.isEmpty()) {
            return List.of();
        }
        Namespace ns = namespace(slash < 0 ? path : path.substring(0, slash), ctx.scopes(), absolute);
        List<Binding> result = new ArrayList<>();
        for (Map.Entry<String, Optional<dev.isola.appserver.naming.Binding>> child : ns.children(slash < 0 ? "" : path.substring(slash + 1)).entrySet()) {
            String className = child.getValue().map(JavaContext::className).orElse(Context.class.getName());
            result.add(new Binding(child.getKey(), className, null, true));
        }
        return result;
    }

    private static String className(dev.isola.appserver.naming.Binding b) {
        return switch (b) {
            case dev.isola.appserver.naming.Binding.Value v -> v.value() == null ? Object.class.getName() : v.value().getClass().getName();
            case dev.isola.appserver.naming.Binding.Factory f -> f.describe();
            case dev.isola.appserver.naming.Binding.Link l -> l.target();
        };
    }

    @Override
    public String getNameInNamespace() {
        return base;
    }

    @Override
    public NameParser getNameParser(String name) {
        return PARSER;
    }

    @Override
    public NameParser getNameParser(Name name) {
        return PARSER;
    }

    @Override
    public Name composeName(Name name, Name prefix) throws NamingException {
        return ((Name) prefix.clone()).addAll(name);
    }

    @Override
    public String composeName(String name, String prefix) {
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    @Override
    public Object addToEnvironment(String propName, Object propVal) {
        return environment.put(propName, propVal);
    }

    @Override
    public Object removeFromEnvironment(String propName) {
        return environment.remove(propName);
    }

    @Override
    public Hashtable<?, ?> getEnvironment() {
        return new Hashtable<>(environment);
    }

    @Override
    public void close() {
    }

    private static OperationNotSupportedException readOnly(Object name) {
        return new OperationNotSupportedException("the java: namespace is read-only for applications; cannot change " + name);
    }

    @Override public void bind(Name name, Object obj) throws NamingException { throw readOnly(name); }
    @Override public void bind(String name, Object obj) throws NamingException { throw readOnly(name); }
    @Override public void rebind(Name name, Object obj) throws NamingException { throw readOnly(name); }
    @Override public void rebind(String name, Object obj) throws NamingException { throw readOnly(name); }
    @Override public void unbind(Name name) throws NamingException { throw readOnly(name); }
    @Override public void unbind(String name) throws NamingException { throw readOnly(name); }
    @Override public void rename(Name oldName, Name newName) throws NamingException { throw readOnly(oldName); }
    @Override public void rename(String oldName, String newName) throws NamingException { throw readOnly(oldName); }
    @Override public void destroySubcontext(Name name) throws NamingException { throw readOnly(name); }
    @Override public void destroySubcontext(String name) throws NamingException { throw readOnly(name); }
    @Override public Context createSubcontext(Name name) throws NamingException { throw readOnly(name); }
    @Override public Context createSubcontext(String name) throws NamingException { throw readOnly(name); }
    @Override public Object lookupLink(Name name) throws NamingException { return lookup(name); }
    @Override public Object lookupLink(String name) throws NamingException { return lookup(name); }

    @Override
    public String toString() {
        return "JavaContext[" + base + "]";
    }

    private static final class ListEnumeration<T> implements NamingEnumeration<T> {
        private final Iterator<T> it;

        ListEnumeration(List<T> items) {
            this.it = Collections.unmodifiableList(items).iterator();
        }

        public T next() { return it.next(); }
        public boolean hasMore() { return it.hasNext(); }
        public boolean hasMoreElements() { return it.hasNext(); }
        public T nextElement() {
            if (!it.hasNext()) {
                throw new NoSuchElementException();
            }
            return it.next();
        }
        public void close() { }
    }
}
