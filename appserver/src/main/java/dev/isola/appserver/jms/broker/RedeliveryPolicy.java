package dev.isola.appserver.jms.broker;

/**
 * What happens to a message that keeps coming back: after {@code maxDeliveryAttempts}
 * deliveries without acknowledgement ({@code 0}: never) it moves to {@code deadLetterQueue}.
 */
record RedeliveryPolicy(int maxDeliveryAttempts, String deadLetterQueue) {
}
