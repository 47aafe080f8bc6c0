package dev.isola.mvm.link.codec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which classes a receiving link materialises from object messages. A peer isolate is not
 * trusted, so everything else is refused with {@link ClassNotAllowedException} before an
 * instance exists (deserialization gadgets need their classes instantiated).
 *
 * <p>Patterns: an exact binary name ({@code com.example.Order}, {@code com.example.Order$Line}),
 * a package ({@code com.example.*}, classes directly in it), or a package tree
 * ({@code com.example.**}). Arrays are allowed when their element class is; arrays of
 * primitives always are. The codec's built-in types (strings, boxed primitives, the common
 * collections and maps, {@code java.time}) need no entry.
 *
 * <pre>{@code
 * link.allowClasses(ClassAllowList.defaults().allow("com.example.orders.**").allow(Money.class));
 * }</pre>
 */
public final class ClassAllowList {

    private static final Pattern PATTERN =
            Pattern.compile("(\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*\\.)*(\\p{javaJavaIdentifierStart}[\\p{javaJavaIdentifierPart}$]*|\\*|\\*\\*)");

    /** What links accept unless told otherwise: JDK value and collection types and common JDK exceptions. */
    private static final List<String> DEFAULTS = List.of(
            "java.lang.String", "java.lang.Boolean", "java.lang.Byte", "java.lang.Character", "java.lang.Short",
            "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double", "java.lang.Number", "java.lang.Void",
            "java.lang.StackTraceElement", "java.lang.Throwable", "java.lang.Exception", "java.lang.RuntimeException", "java.lang.Error",
            "java.lang.IllegalArgumentException", "java.lang.IllegalStateException", "java.lang.NullPointerException",
            "java.lang.UnsupportedOperationException", "java.lang.ArithmeticException", "java.lang.IndexOutOfBoundsException",
            "java.lang.ArrayIndexOutOfBoundsException", "java.lang.StringIndexOutOfBoundsException", "java.lang.ClassCastException",
            "java.lang.NumberFormatException", "java.lang.SecurityException", "java.lang.InterruptedException",
            "java.lang.AssertionError", "java.lang.StackOverflowError", "java.lang.OutOfMemoryError",
            "java.io.IOException", "java.io.UncheckedIOException", "java.io.FileNotFoundException",
            "java.util.*", "java.util.concurrent.TimeoutException", "java.util.concurrent.ConcurrentHashMap",
            "java.util.concurrent.CopyOnWriteArrayList", "java.util.concurrent.ConcurrentSkipListMap",
            "java.time.**", "java.math.BigInteger", "java.math.BigDecimal", "java.net.URI");

    private final Set<String> patterns;

    private ClassAllowList(Set<String> patterns) {
        this.patterns = Set.copyOf(patterns);
    }

    /** Only what {@link #allow} adds later. */
    public static ClassAllowList none() {
        return new ClassAllowList(Set.of());
    }

    /** JDK value types and collections, and common JDK exceptions. */
    public static ClassAllowList defaults() {
        return new ClassAllowList(new LinkedHashSet<>(DEFAULTS));
    }

    /**
     * A list that also allows these patterns.
     *
     * @throws IllegalArgumentException naming a pattern that is not a class name, {@code pkg.*} or {@code pkg.**}
     */
    public ClassAllowList allow(String... more) {
        Set<String> next = new LinkedHashSet<>(patterns);
        for (String pattern : more) {
            Objects.requireNonNull(pattern, "pattern");
            if (!PATTERN.matcher(pattern).matches() || pattern.equals("*") || pattern.equals("**")) {
                throw new IllegalArgumentException("allow-list pattern '" + pattern
                        + "' must be a class name, a package followed by .* or a package followed by .**");
            }
            next.add(pattern);
        }
        return new ClassAllowList(next);
    }

    /** A list that also allows these classes (exactly these, not their subclasses). */
    public ClassAllowList allow(Class<?>... classes) {
        return allow(Arrays.stream(classes).map(Class::getName).toArray(String[]::new));
    }

    /** Whether objects of the class with this binary name (as {@link Class#getName()} spells it) may be made. */
    public boolean allows(String className) {
        if (className == null || className.isEmpty()) {
            return false;
        }
        String name = className;
        while (name.startsWith("[")) {
            name = name.substring(1);
        }
        if (name.length() == 1 && "ZBCSIJFD".contains(name)) {
            return true;
        }
        if (name.startsWith("L") && name.endsWith(";") && !name.equals(className)) {
            name = name.substring(1, name.length() - 1);
        } else if (!name.equals(className)) {
            return false;
        }
        if (patterns.contains(name)) {
            return true;
        }
        int dot = name.lastIndexOf('.');
        String pkg = dot < 0 ? "" : name.substring(0, dot);
        if (patterns.contains(pkg + ".*")) {
            return true;
        }
        for (String p = pkg; !p.isEmpty(); p = p.lastIndexOf('.') < 0 ? "" : p.substring(0, p.lastIndexOf('.'))) {
            if (patterns.contains(p + ".**")) {
                return true;
            }
        }
        return false;
    }

    /** The patterns, sorted. */
    public List<String> patterns() {
        List<String> sorted = new ArrayList<>(patterns);
        sorted.sort(null);
        return sorted;
    }

    @Override
    public String toString() {
        return "ClassAllowList" + patterns();
    }
}
