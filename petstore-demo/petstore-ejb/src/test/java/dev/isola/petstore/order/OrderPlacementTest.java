package dev.isola.petstore.order;

import static dev.isola.petstore.order.Orders.CUSTOMER;
import static dev.isola.petstore.order.Orders.form;
import static dev.isola.petstore.order.Orders.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.isola.petstore.TestDatabase;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Order placement with stock reservation, against a real embedded Derby (a fresh database per test). */
class OrderPlacementTest {
    private static final String LAST_PERSIAN = "I-1023";
    private TestDatabase database;

    @BeforeEach
    void install() throws SQLException {
        database = TestDatabase.installed();
    }

    @AfterEach
    void drop() {
        database.close();
    }

    @Test
    void placesAnOrderReservingStockAndChargingCurrentPrices() throws Exception {
        PlacedOrder placed;
        try (Connection connection = database.connect()) {
            // The cart showed 30.00 for the koi; the catalog now says 38.50, and that is what is charged.
            placed = new OrderPlacement(connection).place(CUSTOMER,
                    List.of(line("I-1005", "30.00", 2), line("I-1026", "24.00", 1)), form(), Instant.now());
            connection.commit();
        }
        assertEquals(new BigDecimal("101.00"), placed.total());
        assertEquals(3, placed.itemCount());
        assertEquals(23, stock("I-1005"));
        assertEquals(29, stock("I-1026"));
        assertEquals(1, database.queryInt("SELECT COUNT(*) FROM orders WHERE orderid = ?", placed.orderId()));
        assertEquals(2, database.queryInt("SELECT COUNT(*) FROM lineitem WHERE orderid = ?", placed.orderId()));
        try (Connection connection = database.connect()) {
            Order order = new OrderRepository(connection).order(placed.orderId(), CUSTOMER).orElseThrow();
            assertEquals(OrderStatus.PLACED, order.status());
            assertEquals(List.of("I-1005", "I-1026"), order.lines().stream().map(OrderLine::itemId).toList());
            assertEquals(new BigDecimal("38.50"), order.lines().getFirst().unitPrice());
            assertEquals("1111", order.cardLastFour());
            assertEquals("Palo Alto", order.shipping().city());
            assertEquals(List.of(OrderStatus.PLACED), order.events().stream().map(OrderEvent::status).toList());
            assertTrue(new OrderRepository(connection).order(placed.orderId(), "someone-else").isEmpty(),
                    "an order is visible to its customer only");
            connection.rollback();
        }
    }

    @Test
    void orderingMoreThanTheStockFailsAndTheRollbackReturnsEarlierReservations() throws Exception {
        try (Connection connection = database.connect()) {
            InsufficientStockException shortage = assertThrows(InsufficientStockException.class,
                    () -> new OrderPlacement(connection).place(CUSTOMER,
                            List.of(line("I-1005", "38.50", 2), line(LAST_PERSIAN, "260.00", 2)), form(), Instant.now()));
            assertEquals(LAST_PERSIAN, shortage.itemId());
            assertEquals(2, shortage.requested());
            assertEquals(1, shortage.available());
            assertTrue(shortage.getMessage().contains("Only 1 of"), shortage.getMessage());
            connection.rollback();
        }
        assertEquals(25, stock("I-1005"));
        assertEquals(1, stock(LAST_PERSIAN));
        assertEquals(0, database.queryInt("SELECT COUNT(*) FROM orders"));
    }

    @Test
    void anUnknownItemIdIsNamed() throws Exception {
        try (Connection connection = database.connect()) {
            UnknownItemException unknown = assertThrows(UnknownItemException.class,
                    () -> new OrderPlacement(connection).place(CUSTOMER, List.of(line("I-1005", "38.50", 1),
                            line("X'; DROP TABLE item; --", "1.00", 1)), form(), Instant.now()));
            assertEquals("X'; DROP TABLE item; --", unknown.itemId());
            connection.rollback();
        }
        assertEquals(25, stock("I-1005"));
        assertEquals(27, database.queryInt("SELECT COUNT(*) FROM item"));
    }

    @Test
    void anEmptyCartCannotBeCheckedOut() throws Exception {
        try (Connection connection = database.connect()) {
            assertThrows(EmptyCartException.class,
                    () -> new OrderPlacement(connection).place(CUSTOMER, List.of(), form(), Instant.now()));
            connection.rollback();
        }
    }

    @Test
    void aSecondReservationOfTheLastItemWaitsForTheFirstAndThenFindsNone() throws Exception {
        try (Connection first = database.connect(); Connection second = database.connect();
             ExecutorService executor = Executors.newSingleThreadExecutor()) {
            assertTrue(new Stock(first).reserve(LAST_PERSIAN, 1));
            Future<Boolean> secondReservation = executor.submit(() -> new Stock(second).reserve(LAST_PERSIAN, 1));
            awaitLockWait();
            first.commit();
            assertEquals(false, secondReservation.get(), "the waiting update sees the stock the first one left");
            second.rollback();
        }
        assertEquals(0, stock(LAST_PERSIAN));
    }

    @Test
    void whenTheFirstReservationRollsBackTheWaitingOneGetsTheItem() throws Exception {
        try (Connection first = database.connect(); Connection second = database.connect();
             ExecutorService executor = Executors.newSingleThreadExecutor()) {
            assertTrue(new Stock(first).reserve(LAST_PERSIAN, 1));
            Future<Boolean> secondReservation = executor.submit(() -> new Stock(second).reserve(LAST_PERSIAN, 1));
            awaitLockWait();
            first.rollback();
            assertEquals(true, secondReservation.get());
            second.commit();
        }
        assertEquals(0, stock(LAST_PERSIAN));
    }

    @Test
    void concurrentCheckoutsOfTheLastItemLeaveExactlyOneOrder() throws Exception {
        int customers = 4;
        CountDownLatch start = new CountDownLatch(1);
        List<Callable<String>> checkouts = new ArrayList<>();
        for (int i = 0; i < customers; i++) {
            checkouts.add(() -> {
                try (Connection connection = database.connect()) {
                    start.await();
                    try {
                        new OrderPlacement(connection).place(CUSTOMER, List.of(line(LAST_PERSIAN, "260.00", 1)),
                                form(), Instant.now());
                        connection.commit();
                        return "placed";
                    } catch (InsufficientStockException e) {
                        connection.rollback();
                        return "sold out: " + e.available();
                    }
                }
            });
        }
        List<String> outcomes = new ArrayList<>();
        try (ExecutorService executor = Executors.newFixedThreadPool(customers)) {
            List<Future<String>> futures = new ArrayList<>();
            for (Callable<String> checkout : checkouts) {
                futures.add(executor.submit(checkout));
            }
            start.countDown();
            for (Future<String> future : futures) {
                outcomes.add(future.get());
            }
        }
        assertEquals(1, outcomes.stream().filter("placed"::equals).count(), outcomes.toString());
        assertEquals(customers - 1, outcomes.stream().filter("sold out: 0"::equals).count(), outcomes.toString());
        assertEquals(1, database.queryInt("SELECT COUNT(*) FROM orders"));
        assertEquals(1, database.queryInt("SELECT COUNT(*) FROM lineitem WHERE itemid = ?", LAST_PERSIAN));
        assertEquals(0, stock(LAST_PERSIAN));
    }

    private int stock(String itemId) throws SQLException {
        return database.queryInt("SELECT stock FROM item WHERE itemid = ?", itemId);
    }

    /** Waits until some transaction waits for a lock, which here is the second reservation. */
    private void awaitLockWait() throws SQLException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (database.queryInt("SELECT COUNT(*) FROM SYSCS_DIAG.LOCK_TABLE WHERE state = 'WAIT'") == 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the second reservation never waited for the first one's row lock");
            }
            Thread.onSpinWait();
        }
    }
}
