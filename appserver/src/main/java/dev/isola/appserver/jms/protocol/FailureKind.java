package dev.isola.appserver.jms.protocol;

/**
 * Why the broker refused a command. Each kind maps to the Jakarta Messaging exception that
 * a client raises for it, so the exception class means the same on both sides of the seam.
 */
public enum FailureKind {
    INVALID_DESTINATION,
    INVALID_SELECTOR,
    INVALID_CLIENT_ID,
    ILLEGAL_STATE,
    RESOURCE_ALLOCATION,
    MESSAGE_FORMAT,
    TRANSACTION_ROLLED_BACK,
    INTERNAL
}
