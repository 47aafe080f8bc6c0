package dev.isola.appserver.ejb;

import dev.isola.appserver.security.Caller;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The business call a thread is serving, innermost first: what {@code SessionContext}
 * answers about ({@code getInvokedBusinessInterface}, {@code getBusinessObject} for a stateful
 * session, {@code getContextData}, {@code wasCancelCalled}).
 *
 * @param cancelled set when the caller cancelled the {@code Future} of an asynchronous call; null for synchronous calls
 * @param caller    who made the call ({@code getCallerPrincipal}, {@code isCallerInRole}); null for an anonymous caller and for
 *                  the container's own calls (timeouts, deliveries, lifecycle callbacks)
 */
record CurrentCall(BeanContainer container, ViewReference reference, Map<String, Object> contextData, AtomicBoolean cancelled, Caller caller) {

    private static final ThreadLocal<Deque<CurrentCall>> CALLS = ThreadLocal.withInitial(ArrayDeque::new);

    static void push(CurrentCall call) {
        CALLS.get().push(call);
    }

    static void pop() {
        Deque<CurrentCall> calls = CALLS.get();
        calls.pop();
        if (calls.isEmpty()) {
            CALLS.remove();
        }
    }

    /** The innermost call on this thread, or null. */
    static CurrentCall get() {
        Deque<CurrentCall> calls = CALLS.get();
        CurrentCall c = calls.peek();
        if (c == null) {
            CALLS.remove();
        }
        return c;
    }
}
