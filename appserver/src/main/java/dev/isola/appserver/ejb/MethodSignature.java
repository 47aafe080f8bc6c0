package dev.isola.appserver.ejb;

import java.io.Serializable;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;

/** A method by name and parameter type names: how a remote caller names what it invokes. */
public record MethodSignature(String name, List<String> parameterTypes) implements Serializable {

    public MethodSignature {
        parameterTypes = List.copyOf(parameterTypes);
    }

    public static MethodSignature of(Method m) {
        return new MethodSignature(m.getName(), Arrays.stream(m.getParameterTypes()).map(Class::getName).toList());
    }

    public boolean matches(Method m) {
        return m.getName().equals(name) && of(m).parameterTypes.equals(parameterTypes);
    }
}
