package dev.isola.appserver.inject;

/**
 * A field or setter method that the container fills when it creates an instance of
 * {@code declaringClass}: a servlet, filter, listener, enterprise bean or interceptor; or a
 * reference the class declares at class level, bound in {@code java:comp/env} and not injected.
 *
 * @param member   the field name, or the setter's name; null for a class-level declaration
 * @param setter   whether {@code member} is a setter method
 * @param type     the field's or the setter parameter's type (binary name)
 * @param envName  the name in {@code java:comp/env} that the value comes from: the
 *                 annotation's {@code name}, else {@code <declaringClass>/<property>} as the
 *                 specification defines it
 */
public record InjectionPoint(String declaringClass, String member, boolean setter, String type, String envName, Reference reference) {

    /** "field orders", "method setOrders" or "class-level @EJB ejb/Orders", for messages. */
    public String describeMember() {
        if (isDeclaration()) {
            return "class-level " + reference.annotation() + " " + envName;
        }
        return (setter ? "method " : "field ") + member;
    }

    /** A class-level reference: bound for lookups, nothing to inject. */
    public boolean isDeclaration() {
        return member == null;
    }
}
