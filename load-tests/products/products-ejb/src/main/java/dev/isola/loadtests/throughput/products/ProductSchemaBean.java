package dev.isola.loadtests.throughput.products;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Creates the product relation and fills it with {@value #PRODUCTS} products the first time the
 * application meets an empty database; a database that has it already is left as it is.
 */
@Singleton
@Startup
public class ProductSchemaBean {

    /** The datasource the domain must declare. */
    public static final String DATA_SOURCE = "java:global/jdbc/products";
    static final int PRODUCTS = 2_000;
    /** The first words of the products' names; the servlet counts products by them. */
    public static final String[] KINDS = {"parrot", "iguana", "goldfish", "poodle", "tabby", "python", "turtle", "finch", "gecko", "collie"};
    private static final String[] COLOURS = {"red", "blue", "green", "spotted", "striped", "golden", "black", "white"};
    private static final String TABLE_EXISTS = "X0Y32";

    @Resource(lookup = DATA_SOURCE)
    private DataSource products;

    @PostConstruct
    void createAndFill() {
        try (Connection c = products.getConnection()) {
            try (Statement s = c.createStatement()) {
                s.executeUpdate("CREATE TABLE PRODUCT (ID INT PRIMARY KEY, NAME VARCHAR(60) NOT NULL, PRICE DECIMAL(9,2) NOT NULL)");
                s.executeUpdate("CREATE INDEX PRODUCT_PRICE ON PRODUCT (PRICE)");
                s.executeUpdate("CREATE INDEX PRODUCT_NAME ON PRODUCT (NAME)");
            } catch (SQLException e) {
                if (TABLE_EXISTS.equals(e.getSQLState())) {
                    return;
                }
                throw e;
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO PRODUCT (ID, NAME, PRICE) VALUES (?, ?, ?)")) {
                for (int id = 1; id <= PRODUCTS; id++) {
                    insert.setInt(1, id);
                    insert.setString(2, KINDS[id % KINDS.length] + " " + COLOURS[(id / KINDS.length) % COLOURS.length] + " " + id);
                    // Prices spread evenly over 1.00 to 1000.99 in a scrambled order.
                    insert.setBigDecimal(3, BigDecimal.valueOf((id * 7919L) % 100_000 + 100, 2));
                    insert.addBatch();
                }
                insert.executeBatch();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the products in " + DATA_SOURCE + ": " + e.getMessage(), e);
        }
    }
}
