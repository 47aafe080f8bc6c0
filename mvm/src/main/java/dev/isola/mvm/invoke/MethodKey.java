package dev.isola.mvm.invoke;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Names a method on the wire: {@code name(type,type)} with binary class names, for example
 * {@code find(java.lang.String,int)}. Overloads differ, the declaring interface does not
 * matter (the target decides that).
 */
public final class MethodKey {

    private MethodKey() {
    }

    public static String of(Method method) {
        return method.getName() + Arrays.stream(method.getParameterTypes()).map(Class::getName).collect(Collectors.joining(",", "(", ")"));
    }
}
