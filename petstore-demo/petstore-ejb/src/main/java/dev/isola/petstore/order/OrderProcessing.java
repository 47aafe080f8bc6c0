package dev.isola.petstore.order;

import dev.isola.petstore.Money;
import dev.isola.petstore.order.OrderRepository.ProcessingFacts;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/**
 * Processes one placed order inside the caller's transaction: decides approval, moves the order
 * out of {@link OrderStatus#PLACED}, records the status event and writes the customer's
 * notification to the outbox.
 *
 * <p>An order that is unknown or already processed is left alone, so a message delivered twice
 * changes nothing the second time.
 */
public final class OrderProcessing {
    private final Connection connection;
    private final ApprovalPolicy policy;

    public OrderProcessing(Connection connection, ApprovalPolicy policy) {
        this.connection = connection;
        this.policy = policy;
    }

    /** The order's new status, or empty if there was nothing to do. */
    public Optional<OrderStatus> process(long orderId, Instant now) throws SQLException {
        OrderRepository orders = new OrderRepository(connection);
        Optional<ProcessingFacts> found = orders.processingFacts(orderId);
        if (found.isEmpty() || found.get().status() != OrderStatus.PLACED) {
            return Optional.empty();
        }
        ProcessingFacts facts = found.get();
        OrderStatus decision = policy.decide(facts.total());
        if (!orders.transition(orderId, OrderStatus.PLACED, decision)) {
            return Optional.empty();
        }
        String limit = Money.format(policy.limit());
        String total = Money.format(facts.total());
        if (decision == OrderStatus.APPROVED) {
            orders.insertEvent(orderId, now, decision, "Approved automatically: the total is under " + limit + ".");
            orders.insertNotification(orderId, facts.email(), "Your Pet Store order " + orderId + " is approved",
                    "Dear " + facts.firstName() + ",\n\nyour order " + orderId + " over " + total
                            + " is approved and will ship soon.\n\nThank you for shopping at the Pet Store.", now);
        } else {
            orders.insertEvent(orderId, now, decision,
                    "Held for review: orders of " + limit + " or more are checked by our staff.");
            orders.insertNotification(orderId, facts.email(), "Your Pet Store order " + orderId + " is being reviewed",
                    "Dear " + facts.firstName() + ",\n\nyour order " + orderId + " over " + total
                            + " needs a review by our staff, as do all orders of " + limit
                            + " or more. We will write again when it is approved.\n\nThe Pet Store", now);
        }
        return Optional.of(decision);
    }
}
