package dev.isola.appserver.jms.store;

/** A message as recovered from the store; see {@link StoreOperation.AddMessage} for the fields. */
public record StoredMessage(String queue, long sequence, int deliveries, byte[] data) {
}
