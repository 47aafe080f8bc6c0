package dev.isola.domains.testapp;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** Creates the orders table on first deployment; it survives restarts in the domain's data directory. */
@Singleton
@Startup
public class SchemaBean {

    @Resource
    private DataSource ds;

    @PostConstruct
    void createTable() {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE ORDERS (ID INT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, ITEM VARCHAR(200) NOT NULL)");
        } catch (SQLException e) {
            if (!"X0Y32".equals(e.getSQLState())) {
                throw new IllegalStateException("cannot create the orders table: " + e.getMessage(), e);
            }
        }
    }
}
