package dev.isola.appserver.jms.client;

import dev.isola.appserver.jms.protocol.BrokerReply;
import jakarta.jms.IllegalStateException;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.InvalidClientIDException;
import jakarta.jms.InvalidClientIDRuntimeException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.InvalidDestinationRuntimeException;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.InvalidSelectorRuntimeException;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.JMSSecurityRuntimeException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageFormatRuntimeException;
import jakarta.jms.MessageNotWriteableException;
import jakarta.jms.MessageNotWriteableRuntimeException;
import jakarta.jms.ResourceAllocationException;
import jakarta.jms.ResourceAllocationRuntimeException;
import jakarta.jms.TransactionInProgressException;
import jakarta.jms.TransactionInProgressRuntimeException;
import jakarta.jms.TransactionRolledBackException;
import jakarta.jms.TransactionRolledBackRuntimeException;

/** Turns broker refusals into the matching checked exception, and checked into runtime ones for {@code JMSContext}. */
final class JmsExceptions {

    private JmsExceptions() {
    }

    static JMSException of(BrokerReply.Failed failed) {
        String m = failed.message();
        return switch (failed.kind()) {
            case INVALID_DESTINATION -> new InvalidDestinationException(m);
            case INVALID_SELECTOR -> new InvalidSelectorException(m);
            case INVALID_CLIENT_ID -> new InvalidClientIDException(m);
            case ILLEGAL_STATE -> new IllegalStateException(m);
            case RESOURCE_ALLOCATION -> new ResourceAllocationException(m);
            case MESSAGE_FORMAT -> new MessageFormatException(m);
            case TRANSACTION_ROLLED_BACK -> new TransactionRolledBackException(m);
            case INTERNAL -> new JMSException(m);
        };
    }

    static JMSException wrap(String message, Throwable cause) {
        JMSException e = new JMSException(message + (cause.getMessage() != null ? ": " + cause.getMessage() : ""));
        if (cause instanceof Exception exception) {
            e.setLinkedException(exception);
        }
        e.initCause(cause);
        return e;
    }

    /** The unchecked counterpart of {@code e}, keeping its message, error code and cause. */
    static JMSRuntimeException runtime(JMSException e) {
        String m = e.getMessage();
        String code = e.getErrorCode();
        JMSRuntimeException r = switch (e) {
            case InvalidDestinationException x -> new InvalidDestinationRuntimeException(m, code, e);
            case InvalidSelectorException x -> new InvalidSelectorRuntimeException(m, code, e);
            case InvalidClientIDException x -> new InvalidClientIDRuntimeException(m, code, e);
            case IllegalStateException x -> new IllegalStateRuntimeException(m, code, e);
            case ResourceAllocationException x -> new ResourceAllocationRuntimeException(m, code, e);
            case MessageFormatException x -> new MessageFormatRuntimeException(m, code, e);
            case MessageNotWriteableException x -> new MessageNotWriteableRuntimeException(m, code, e);
            case TransactionRolledBackException x -> new TransactionRolledBackRuntimeException(m, code, e);
            case TransactionInProgressException x -> new TransactionInProgressRuntimeException(m, code, e);
            case JMSSecurityException x -> new JMSSecurityRuntimeException(m, code, e);
            default -> new JMSRuntimeException(m, code, e);
        };
        return r;
    }

    /** Something that throws a checked JMSException. */
    interface Action<T> {
        T run() throws JMSException;
    }

    interface VoidAction {
        void run() throws JMSException;
    }

    /** Runs {@code action}, rethrowing a checked exception as its runtime counterpart (the simplified API's contract). */
    static <T> T unchecked(Action<T> action) {
        try {
            return action.run();
        } catch (JMSException e) {
            throw runtime(e);
        }
    }

    static void uncheckedVoid(VoidAction action) {
        try {
            action.run();
        } catch (JMSException e) {
            throw runtime(e);
        }
    }
}
