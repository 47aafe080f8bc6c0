package dev.isola.appserver.ejb.link;

import dev.isola.mvm.invoke.InvocationTimeoutException;
import dev.isola.mvm.invoke.RemoteFailureException;
import dev.isola.mvm.invoke.RemoteInvocationException;
import dev.isola.mvm.link.LinkClosedException;
import dev.isola.mvm.link.LinkException;
import dev.isola.mvm.link.codec.ObjectCodecException;
import jakarta.ejb.EJBException;

import java.lang.reflect.Constructor;

/**
 * What exceptions become between the isolates of a separated domain. In the EJB isolate, a
 * system exception is rebuilt so that it can be materialised in the web isolate: the same
 * {@code jakarta.ejb} class and message, its causes as {@link RemoteFailureException}s
 * (class name, message and stack of each). In the web isolate, whatever a failed call
 * produced becomes what an EJB client expects: the application exception as itself, a system
 * exception as an {@link EJBException}, and a peer that cannot be reached as an
 * {@link EJBException} that says so.
 */
final class RemoteExceptions {

    private RemoteExceptions() {
    }

    /** {@code e} as it can travel: same class if it is one of {@code jakarta.ejb}, causes described. */
    static EJBException portable(EJBException e, String addToMessage) {
        String message = (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + addToMessage;
        EJBException copy = sameClass(e, message);
        Throwable cause = e.getCause() != null ? e.getCause() : e.getCausedByException();
        if (cause != null && cause != e) {
            copy.initCause(describe(cause, 0));
        }
        copy.setStackTrace(e.getStackTrace());
        return copy;
    }

    private static EJBException sameClass(EJBException e, String message) {
        if (e.getClass().getPackageName().equals("jakarta.ejb")) {
            try {
                Constructor<? extends EJBException> c = e.getClass().getConstructor(String.class);
                return c.newInstance(message);
            } catch (ReflectiveOperationException ignored) {
                // every jakarta.ejb exception has one; a plain EJBException says the same
            }
        }
        return new EJBException(message);
    }

    private static RemoteFailureException describe(Throwable t, int depth) {
        RemoteFailureException described = new RemoteFailureException(t.getClass().getName(), t.getMessage(), t.getStackTrace());
        Throwable cause = t.getCause();
        if (cause != null && cause != t && depth < 16) {
            described.initCause(describe(cause, depth + 1));
        }
        return described;
    }

    /**
     * What the caller of {@code what} sees for a call that failed with {@code e}: the
     * application's or container's exception that came back, or an {@link EJBException} for a
     * failure of the way there.
     *
     * @param unreachable what to say when the EJB isolate cannot be reached (it names the domain)
     */
    static Exception received(RemoteInvocationException e, String what, String unreachable) {
        Throwable cause = e.getCause();
        if (e instanceof InvocationTimeoutException) {
            return new EJBException(unreachable + ": " + e.getMessage());
        }
        if (cause instanceof LinkClosedException) {
            return new EJBException(unreachable + " (" + cause.getMessage() + ")", (LinkClosedException) cause);
        }
        if (cause instanceof RemoteFailureException failure) {
            return new EJBException(e.getMessage(), failure);
        }
        if (cause instanceof ObjectCodecException || cause instanceof LinkException) {
            return new EJBException(what + " failed: " + e.getMessage(), (Exception) cause);
        }
        if (cause instanceof EJBException ejb) {
            ejb.addSuppressed(new EJBException("called here: " + what));
            return ejb;
        }
        if (cause instanceof RuntimeException applicationException) {
            return applicationException;
        }
        if (cause instanceof Error error) {
            return new EJBException(what + " failed in the EJB isolate: " + error, new RuntimeException(error));
        }
        return new EJBException(what + " failed: " + e.getMessage(), cause instanceof Exception x ? x : e);
    }
}
