package dev.isola.mvm.invoke;

/**
 * What a server does with a call: the seam where a container routes calls to its beans (by
 * target name), applies its interceptors and transactions, and so on. {@link Targets} is the
 * plain implementation: a map of target names to objects implementing an interface.
 */
@FunctionalInterface
public interface Dispatcher {

    /**
     * Runs one call. Runs on a virtual thread of its own, so it may block.
     *
     * @return the result (null for void methods), sent back by value
     * @throws Throwable what the method threw; sent back by value and re-thrown in the caller
     */
    Object dispatch(Call call) throws Throwable;

    /**
     * One call as it arrives.
     *
     * @param target    the name the client's proxy was made for
     * @param method    the method's key ({@link MethodKey})
     * @param arguments copies of the caller's arguments
     * @param context   what the caller attached to the call for the server's container (who the caller is, for example); empty
     *                  for nothing
     */
    record Call(String target, String method, Object[] arguments, String context) {

        /** A call without a context. */
        public Call(String target, String method, Object[] arguments) {
            this(target, method, arguments, "");
        }
    }
}
