package dev.isola.mvm.invoke;

import dev.isola.mvm.link.codec.ClassAllowList;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The classes an interface's signatures name, to allow them on the links that carry its calls:
 * the server takes argument types, the client result and declared exception types (with their
 * type arguments, so {@code List<Order>} allows {@code Order}, and the component types of
 * records, so {@code Order(List<Line> lines)} allows {@code Line}: a record is a value whose
 * parts travel with it).
 */
final class SignatureClasses {

    private SignatureClasses() {
    }

    static ClassAllowList allowArguments(ClassAllowList base, Class<?> api) {
        Set<Class<?>> classes = new LinkedHashSet<>();
        for (Method method : api.getMethods()) {
            for (Type parameter : method.getGenericParameterTypes()) {
                collect(parameter, classes);
            }
        }
        return base.allow(classes.toArray(Class<?>[]::new));
    }

    static ClassAllowList allowResults(ClassAllowList base, Class<?> api) {
        Set<Class<?>> classes = new LinkedHashSet<>();
        for (Method method : api.getMethods()) {
            collect(method.getGenericReturnType(), classes);
            for (Type thrown : method.getGenericExceptionTypes()) {
                collect(thrown, classes);
            }
        }
        return base.allow(classes.toArray(Class<?>[]::new));
    }

    private static void collect(Type type, Set<Class<?>> into) {
        switch (type) {
            case Class<?> c when c.isArray() -> collect(c.getComponentType(), into);
            case Class<?> c when c.isRecord() -> {
                if (into.add(c)) {
                    for (RecordComponent component : c.getRecordComponents()) {
                        collect(component.getGenericType(), into);
                    }
                }
            }
            case Class<?> c when !c.isPrimitive() -> into.add(c);
            case ParameterizedType p -> {
                collect(p.getRawType(), into);
                for (Type argument : p.getActualTypeArguments()) {
                    collect(argument, into);
                }
            }
            case GenericArrayType g -> collect(g.getGenericComponentType(), into);
            case WildcardType w -> {
                for (Type bound : w.getUpperBounds()) {
                    collect(bound, into);
                }
            }
            default -> { }
        }
    }
}
