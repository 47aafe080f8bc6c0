package dev.isola.appserver.persistence;

import java.lang.reflect.Method;

/** What the container's entity managers, transaction-scoped and extended, answer alike without a persistence context. */
final class ContainerEntityManagers {

    private ContainerEntityManagers() {
    }

    /**
     * The answer to {@code Object}'s methods, {@code isOpen}, {@code close} and {@code getTransaction} (the last two refused: the
     * entity manager and its transactions are the container's); null for every other method, which a persistence context answers.
     *
     * @param what      "container-managed entity manager of persistence unit orders of application shop"
     * @param whoCloses why {@code close} is refused: who closes it instead
     */
    static Object ownAnswer(Object proxy, Method method, Object[] args, String what, String whoCloses) {
        return switch (method.getName()) {
            case "toString" -> what;
            case "equals" -> proxy == args[0];
            case "hashCode" -> System.identityHashCode(proxy);
            case "isOpen" -> Boolean.TRUE;
            case "close" -> throw new IllegalStateException("the " + what + " cannot be closed by the application: " + whoCloses);
            case "getTransaction" -> throw new IllegalStateException("the " + what
                    + " takes part in JTA transactions: use UserTransaction or container-managed transactions, not getTransaction()");
            default -> null;
        };
    }
}
