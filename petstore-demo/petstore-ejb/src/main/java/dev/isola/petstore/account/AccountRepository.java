package dev.isola.petstore.account;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;

/** Reads and writes accounts and their addresses over one JDBC connection; it never commits. */
public final class AccountRepository {
    private static final String BILLING = "BILLING";
    private static final String SHIPPING = "SHIPPING";

    private final Connection connection;

    public AccountRepository(Connection connection) {
        this.connection = connection;
    }

    public boolean exists(String userId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT 1 FROM account WHERE userid = ?")) {
            statement.setString(1, userId);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next();
            }
        }
    }

    /** Stores a new account with its two addresses; the caller has validated {@code registration}. */
    public void insert(Registration registration, String passwordHash, Instant created) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("""
                INSERT INTO account (userid, email, firstname, lastname, phone, password_hash,
                                     favourite_category, language, show_favourites, created)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)) {
            Profile profile = registration.profile();
            statement.setString(1, registration.userId());
            statement.setString(2, registration.email());
            statement.setString(3, registration.firstName());
            statement.setString(4, registration.lastName());
            statement.setString(5, registration.phone());
            statement.setString(6, passwordHash);
            String favourite = profile.favouriteCategory();
            statement.setString(7, favourite == null || favourite.isEmpty() ? null : favourite);
            statement.setString(8, profile.language());
            statement.setBoolean(9, profile.showFavourites());
            statement.setTimestamp(10, Timestamp.from(created));
            statement.executeUpdate();
        }
        insertAddress(registration.userId(), BILLING, registration.billing());
        insertAddress(registration.userId(), SHIPPING, registration.effectiveShipping());
    }

    public Optional<String> passwordHash(String userId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT password_hash FROM account WHERE userid = ?")) {
            statement.setString(1, userId);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? Optional.of(rows.getString(1)) : Optional.empty();
            }
        }
    }

    public Optional<Account> find(String userId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("""
                SELECT email, firstname, lastname, phone, favourite_category, language, show_favourites
                  FROM account WHERE userid = ?
                """)) {
            statement.setString(1, userId);
            try (ResultSet rows = statement.executeQuery()) {
                if (!rows.next()) {
                    return Optional.empty();
                }
                String favourite = rows.getString(5);
                Profile profile = new Profile(favourite == null ? "" : favourite, rows.getString(6), rows.getBoolean(7));
                return Optional.of(new Account(userId, rows.getString(1), rows.getString(2), rows.getString(3),
                        rows.getString(4), address(userId, BILLING), address(userId, SHIPPING), profile));
            }
        }
    }

    private void insertAddress(String userId, String kind, Address address) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("""
                INSERT INTO address (userid, kind, firstname, lastname, street1, street2, city, state, zip, country)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)) {
            statement.setString(1, userId);
            statement.setString(2, kind);
            statement.setString(3, address.firstName());
            statement.setString(4, address.lastName());
            statement.setString(5, address.street1());
            statement.setString(6, address.street2());
            statement.setString(7, address.city());
            statement.setString(8, address.state());
            statement.setString(9, address.zip());
            statement.setString(10, address.country());
            statement.executeUpdate();
        }
    }

    private Address address(String userId, String kind) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("""
                SELECT firstname, lastname, street1, street2, city, state, zip, country
                  FROM address WHERE userid = ? AND kind = ?
                """)) {
            statement.setString(1, userId);
            statement.setString(2, kind);
            try (ResultSet rows = statement.executeQuery()) {
                if (!rows.next()) {
                    throw new SQLException("account '" + userId + "' has no " + kind + " address");
                }
                return new Address(rows.getString(1), rows.getString(2), rows.getString(3), rows.getString(4),
                        rows.getString(5), rows.getString(6), rows.getString(7), rows.getString(8));
            }
        }
    }
}
