package dev.isola.petstore.order;

import dev.isola.petstore.account.Address;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads and writes orders, their lines, status events and outbox notifications; never commits. */
public final class OrderRepository {
    private static final String ADDRESS_COLUMNS = "firstname, lastname, street1, street2, city, state, zip, country";

    private final Connection connection;

    public OrderRepository(Connection connection) {
        this.connection = connection;
    }

    /** Inserts the order row in status {@link OrderStatus#PLACED} and returns its generated number. */
    public long insertOrder(String userId, Instant placedAt, BigDecimal total, CheckoutForm form) throws SQLException {
        String sql = "INSERT INTO orders (userid, placed, status, total, "
                + prefixed("bill_") + ", " + prefixed("ship_")
                + ", card_type, card_last4, card_expiry) VALUES (?, ?, ?, ?, "
                + "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
        try (PreparedStatement statement = connection.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)) {
            statement.setString(1, userId);
            statement.setTimestamp(2, Timestamp.from(placedAt));
            statement.setString(3, OrderStatus.PLACED.name());
            statement.setBigDecimal(4, total);
            setAddress(statement, 5, form.billing());
            setAddress(statement, 13, form.effectiveShipping());
            statement.setString(21, form.card().type());
            statement.setString(22, form.card().lastFour());
            statement.setString(23, form.card().expiry());
            statement.executeUpdate();
            try (ResultSet keys = statement.getGeneratedKeys()) {
                if (!keys.next()) {
                    throw new SQLException("the database returned no order number for the new order of " + userId);
                }
                return keys.getLong(1);
            }
        }
    }

    public void insertLine(long orderId, int lineNumber, String itemId, int quantity, BigDecimal unitPrice)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "INSERT INTO lineitem (orderid, linenum, itemid, quantity, unitprice) VALUES (?, ?, ?, ?, ?)")) {
            statement.setLong(1, orderId);
            statement.setInt(2, lineNumber);
            statement.setString(3, itemId);
            statement.setInt(4, quantity);
            statement.setBigDecimal(5, unitPrice);
            statement.executeUpdate();
        }
    }

    public void insertEvent(long orderId, Instant at, OrderStatus status, String note) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "INSERT INTO order_event (orderid, happened, status, note) VALUES (?, ?, ?, ?)")) {
            statement.setLong(1, orderId);
            statement.setTimestamp(2, Timestamp.from(at));
            statement.setString(3, status.name());
            statement.setString(4, note);
            statement.executeUpdate();
        }
    }

    public void insertNotification(long orderId, String recipient, String subject, String body, Instant created)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "INSERT INTO outbox (orderid, recipient, subject, body, created) VALUES (?, ?, ?, ?, ?)")) {
            statement.setLong(1, orderId);
            statement.setString(2, recipient);
            statement.setString(3, subject);
            statement.setString(4, body);
            statement.setTimestamp(5, Timestamp.from(created));
            statement.executeUpdate();
        }
    }

    /**
     * Moves an order from {@code from} to {@code to} if it is still in {@code from}; returns whether
     * it did. The condition makes a redelivered message a no-op.
     */
    public boolean transition(long orderId, OrderStatus from, OrderStatus to) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "UPDATE orders SET status = ? WHERE orderid = ? AND status = ?")) {
            statement.setString(1, to.name());
            statement.setLong(2, orderId);
            statement.setString(3, from.name());
            return statement.executeUpdate() == 1;
        }
    }

    /** What the order processor needs to decide about an order and notify its customer. */
    public record ProcessingFacts(long orderId, OrderStatus status, BigDecimal total, String email, String firstName) {
    }

    public Optional<ProcessingFacts> processingFacts(long orderId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("""
                SELECT o.status, o.total, a.email, a.firstname
                  FROM orders o JOIN account a ON a.userid = o.userid
                 WHERE o.orderid = ?
                """)) {
            statement.setLong(1, orderId);
            try (ResultSet rows = statement.executeQuery()) {
                if (!rows.next()) {
                    return Optional.empty();
                }
                return Optional.of(new ProcessingFacts(orderId, OrderStatus.valueOf(rows.getString(1)),
                        rows.getBigDecimal(2), rows.getString(3), rows.getString(4)));
            }
        }
    }

    /** The customer's orders, newest first. */
    public List<OrderSummary> ordersOf(String userId) throws SQLException {
        List<OrderSummary> result = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement("""
                SELECT o.orderid, o.placed, o.status, o.total,
                       (SELECT SUM(l.quantity) FROM lineitem l WHERE l.orderid = o.orderid)
                  FROM orders o WHERE o.userid = ? ORDER BY o.orderid DESC
                """)) {
            statement.setString(1, userId);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    result.add(new OrderSummary(rows.getLong(1), rows.getTimestamp(2).toInstant(),
                            OrderStatus.valueOf(rows.getString(3)), rows.getBigDecimal(4), rows.getInt(5)));
                }
            }
        }
        return result;
    }

    /** The order {@code orderId} if it belongs to {@code userId}. */
    public Optional<Order> order(long orderId, String userId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT placed, status, total, " + prefixed("bill_") + ", " + prefixed("ship_")
                        + ", card_type, card_last4, card_expiry FROM orders WHERE orderid = ? AND userid = ?")) {
            statement.setLong(1, orderId);
            statement.setString(2, userId);
            try (ResultSet rows = statement.executeQuery()) {
                if (!rows.next()) {
                    return Optional.empty();
                }
                return Optional.of(new Order(orderId, userId, rows.getTimestamp(1).toInstant(),
                        OrderStatus.valueOf(rows.getString(2)), rows.getBigDecimal(3),
                        address(rows, 4), address(rows, 12), rows.getString(20), rows.getString(21),
                        rows.getString(22), lines(orderId), events(orderId), notifications(orderId)));
            }
        }
    }

    private List<OrderLine> lines(long orderId) throws SQLException {
        List<OrderLine> result = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement("""
                SELECT l.linenum, l.itemid, p.name, i.name, l.quantity, l.unitprice
                  FROM lineitem l
                  JOIN item i ON i.itemid = l.itemid
                  JOIN product p ON p.productid = i.productid
                 WHERE l.orderid = ? ORDER BY l.linenum
                """)) {
            statement.setLong(1, orderId);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    result.add(new OrderLine(rows.getInt(1), rows.getString(2), rows.getString(3), rows.getString(4),
                            rows.getInt(5), rows.getBigDecimal(6)));
                }
            }
        }
        return result;
    }

    private List<OrderEvent> events(long orderId) throws SQLException {
        List<OrderEvent> result = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT happened, status, note FROM order_event WHERE orderid = ? ORDER BY id")) {
            statement.setLong(1, orderId);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    result.add(new OrderEvent(rows.getTimestamp(1).toInstant(), OrderStatus.valueOf(rows.getString(2)),
                            rows.getString(3)));
                }
            }
        }
        return result;
    }

    private List<Notification> notifications(long orderId) throws SQLException {
        List<Notification> result = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT id, recipient, subject, body, created FROM outbox WHERE orderid = ? ORDER BY id")) {
            statement.setLong(1, orderId);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    result.add(new Notification(rows.getLong(1), orderId, rows.getString(2), rows.getString(3),
                            rows.getString(4), rows.getTimestamp(5).toInstant()));
                }
            }
        }
        return result;
    }

    private static String prefixed(String prefix) {
        return prefix + ADDRESS_COLUMNS.replace(", ", ", " + prefix);
    }

    private static void setAddress(PreparedStatement statement, int first, Address address) throws SQLException {
        statement.setString(first, address.firstName());
        statement.setString(first + 1, address.lastName());
        statement.setString(first + 2, address.street1());
        statement.setString(first + 3, address.street2());
        statement.setString(first + 4, address.city());
        statement.setString(first + 5, address.state());
        statement.setString(first + 6, address.zip());
        statement.setString(first + 7, address.country());
    }

    private static Address address(ResultSet rows, int first) throws SQLException {
        return new Address(rows.getString(first), rows.getString(first + 1), rows.getString(first + 2),
                rows.getString(first + 3), rows.getString(first + 4), rows.getString(first + 5),
                rows.getString(first + 6), rows.getString(first + 7));
    }
}
