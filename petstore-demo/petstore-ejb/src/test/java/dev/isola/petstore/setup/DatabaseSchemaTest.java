package dev.isola.petstore.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.isola.petstore.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** The production scripts against a real embedded Derby. */
class DatabaseSchemaTest {

    @Test
    void installsSchemaAndSeedDataOnceOnly() throws SQLException {
        try (TestDatabase database = TestDatabase.empty()) {
            try (Connection connection = database.connect()) {
                DatabaseSchema schema = new DatabaseSchema(connection);
                assertFalse(schema.isInstalled());
                assertTrue(schema.installIfAbsent());
                connection.commit();
                assertTrue(schema.isInstalled());
                assertFalse(schema.installIfAbsent(), "a second start finds the tables and leaves them alone");
                connection.commit();
            }
            assertEquals(5, database.queryInt("SELECT COUNT(*) FROM category"));
            assertEquals(16, database.queryInt("SELECT COUNT(*) FROM product"));
            assertEquals(27, database.queryInt("SELECT COUNT(*) FROM item"));
            assertEquals(1, database.queryInt("SELECT COUNT(*) FROM account"));
            assertEquals(2, database.queryInt("SELECT COUNT(*) FROM address"));
            assertEquals(5, database.queryInt("SELECT COUNT(DISTINCT catid) FROM product"),
                    "every category has products");
            assertEquals(0, database.queryInt(
                    "SELECT COUNT(*) FROM product p WHERE NOT EXISTS (SELECT 1 FROM item i WHERE i.productid = p.productid)"),
                    "every product has items");
        }
    }

    @Test
    void aRolledBackInstallLeavesNothingBehind() throws SQLException {
        try (TestDatabase database = TestDatabase.empty()) {
            try (Connection connection = database.connect()) {
                assertTrue(new DatabaseSchema(connection).installIfAbsent());
                connection.rollback();
                assertFalse(new DatabaseSchema(connection).isInstalled());
                connection.rollback();
            }
        }
    }

    @Test
    void aFailingStatementIsNamedWithItsScript() throws SQLException {
        try (TestDatabase database = TestDatabase.empty()) {
            try (Connection connection = database.connect()) {
                try (Statement statement = connection.createStatement()) {
                    // A table of a later script's name makes schema.sql fail part-way.
                    statement.execute("CREATE TABLE orders (x INT)");
                }
                SQLException error = assertThrows(SQLException.class,
                        () -> new DatabaseSchema(connection).installIfAbsent());
                assertTrue(error.getMessage().contains("of schema.sql failed"), error.getMessage());
                connection.rollback();
            }
        }
    }
}
