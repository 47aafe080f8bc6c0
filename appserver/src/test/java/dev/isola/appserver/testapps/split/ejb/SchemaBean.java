package dev.isola.appserver.testapps.split.ejb;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** Creates the table at deployment (and keeps it across deployments). */
@Singleton
@Startup
public class SchemaBean {
    @Resource
    private DataSource ds;

    @PostConstruct
    void create() {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE split_orders(id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, item VARCHAR(100) NOT NULL,"
                    + " quantity INT NOT NULL, status VARCHAR(20) NOT NULL)");
        } catch (SQLException e) {
            if (!"X0Y32".equals(e.getSQLState())) {
                throw new IllegalStateException(e);
            }
        }
    }
}
