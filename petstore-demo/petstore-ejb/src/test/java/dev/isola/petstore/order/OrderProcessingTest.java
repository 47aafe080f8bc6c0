package dev.isola.petstore.order;

import static dev.isola.petstore.order.Orders.CUSTOMER;
import static dev.isola.petstore.order.Orders.form;
import static dev.isola.petstore.order.Orders.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.isola.petstore.TestDatabase;
import dev.isola.petstore.cart.CartLine;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What the order-processing MDB does with each message, against a real embedded Derby. */
class OrderProcessingTest {
    private static final ApprovalPolicy POLICY = ApprovalPolicy.fromEnvEntry("500.00");
    private static TestDatabase database;

    @BeforeAll
    static void install() throws SQLException {
        database = TestDatabase.installed();
    }

    @AfterAll
    static void drop() {
        database.close();
    }

    @Test
    void aSmallOrderIsApprovedWithAnEventAndANotification() throws Exception {
        long orderId = place(line("I-1026", "24.00", 2));
        assertEquals(Optional.of(OrderStatus.APPROVED), process(orderId));
        Order order = read(orderId);
        assertEquals(OrderStatus.APPROVED, order.status());
        assertEquals(List.of(OrderStatus.PLACED, OrderStatus.APPROVED),
                order.events().stream().map(OrderEvent::status).toList());
        assertTrue(order.events().getLast().note().contains("under $500.00"), order.events().getLast().note());
        assertEquals(1, order.notifications().size());
        Notification notification = order.notifications().getFirst();
        assertEquals("demo@petstore.example", notification.recipient());
        assertEquals("Your Pet Store order " + orderId + " is approved", notification.subject());
        assertTrue(notification.body().contains("$48.00"), notification.body());
    }

    @Test
    void aLargeOrderIsLeftPendingForReview() throws Exception {
        long orderId = place(line("I-1004", "640.00", 1));
        assertEquals(Optional.of(OrderStatus.PENDING), process(orderId));
        Order order = read(orderId);
        assertEquals(OrderStatus.PENDING, order.status());
        assertTrue(order.notifications().getFirst().subject().endsWith("is being reviewed"));
        assertTrue(order.notifications().getFirst().body().contains("$640.00"));
    }

    @Test
    void aRedeliveredMessageChangesNothing() throws Exception {
        long orderId = place(line("I-1007", "5.50", 1));
        assertEquals(Optional.of(OrderStatus.APPROVED), process(orderId));
        assertEquals(Optional.empty(), process(orderId));
        Order order = read(orderId);
        assertEquals(2, order.events().size());
        assertEquals(1, order.notifications().size());
    }

    @Test
    void anUnknownOrderIsIgnored() throws Exception {
        assertEquals(Optional.empty(), process(987_654_321L));
    }

    @Test
    void myOrdersListsNewestFirstWithStatus() throws Exception {
        long older = place(line("I-1002", "9.50", 3));
        long newer = place(line("I-1001", "16.50", 1));
        process(older);
        try (Connection connection = database.connect()) {
            List<OrderSummary> mine = new OrderRepository(connection).ordersOf(CUSTOMER);
            List<Long> ids = mine.stream().map(OrderSummary::id).toList();
            assertTrue(ids.indexOf(newer) < ids.indexOf(older), ids.toString());
            OrderSummary olderSummary = mine.get(ids.indexOf(older));
            assertEquals(OrderStatus.APPROVED, olderSummary.status());
            assertEquals(3, olderSummary.itemCount());
            assertEquals(OrderStatus.PLACED, mine.get(ids.indexOf(newer)).status());
            assertTrue(new OrderRepository(connection).ordersOf("nobody").isEmpty());
            connection.rollback();
        }
    }

    private static long place(CartLine line) throws Exception {
        try (Connection connection = database.connect()) {
            long orderId = new OrderPlacement(connection).place(CUSTOMER, List.of(line), form(), Instant.now()).orderId();
            connection.commit();
            return orderId;
        }
    }

    private static Optional<OrderStatus> process(long orderId) throws SQLException {
        try (Connection connection = database.connect()) {
            Optional<OrderStatus> status = new OrderProcessing(connection, POLICY).process(orderId, Instant.now());
            connection.commit();
            return status;
        }
    }

    private static Order read(long orderId) throws SQLException {
        try (Connection connection = database.connect()) {
            Order order = new OrderRepository(connection).order(orderId, CUSTOMER).orElseThrow();
            connection.rollback();
            return order;
        }
    }
}
