package dev.isola.petstore.order;

/**
 * The message the order bean sends to the order queue for each placed order: a
 * {@link jakarta.jms.MapMessage} whose {@value #ORDER_ID} entry (a long) is the order number,
 * also set as a message property of the same name for selectors and monitoring tools.
 */
public final class OrderPlacedMessage {
    /** Map entry and property holding the order number. */
    public static final String ORDER_ID = "orderId";

    private OrderPlacedMessage() {
    }
}
