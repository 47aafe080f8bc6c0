package dev.isola.appserver.testapps.tx;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

@Singleton
@Startup
public class SchemaBean {
    @Resource
    private DataSource ds;

    @PostConstruct
    void create() {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE ledger(id INT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, entry VARCHAR(200) NOT NULL)");
        } catch (SQLException e) {
            if (!"X0Y32".equals(e.getSQLState())) {
                throw new IllegalStateException(e);
            }
        }
    }
}
