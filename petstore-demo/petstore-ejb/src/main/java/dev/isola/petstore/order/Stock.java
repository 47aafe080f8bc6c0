package dev.isola.petstore.order;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.OptionalInt;

/**
 * Stock of items, reserved with one conditional update per line.
 *
 * <p>{@code UPDATE item SET stock = stock - ? WHERE itemid = ? AND stock >= ?} reads and writes
 * the row under its exclusive row lock: a second checkout of the same item waits for the first
 * transaction to end and then sees the stock it left. So of two checkouts of the last animal one
 * updates a row and the other updates none, however they interleave; no read-then-write race.
 */
public final class Stock {
    private final Connection connection;

    public Stock(Connection connection) {
        this.connection = connection;
    }

    /** Takes {@code quantity} of {@code itemId} from stock if that many are there; returns whether it did. */
    public boolean reserve(String itemId, int quantity) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "UPDATE item SET stock = stock - ? WHERE itemid = ? AND stock >= ?")) {
            statement.setInt(1, quantity);
            statement.setString(2, itemId);
            statement.setInt(3, quantity);
            return statement.executeUpdate() == 1;
        }
    }

    /** The stock of {@code itemId}, or empty if there is no such item. */
    public OptionalInt available(String itemId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT stock FROM item WHERE itemid = ?")) {
            statement.setString(1, itemId);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? OptionalInt.of(rows.getInt(1)) : OptionalInt.empty();
            }
        }
    }
}
