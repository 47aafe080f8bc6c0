package dev.isola.appserver.testapps.leak;

import jakarta.annotation.Resource;
import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.ejb.AsyncResult;
import jakarta.ejb.Asynchronous;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Future;

@Singleton
@Startup
@DataSourceDefinition(name = "java:app/jdbc/leak", className = "org.apache.derby.jdbc.EmbeddedDataSource", databaseName = "leak")
public class LeakBean {
    @Resource(lookup = "java:app/jdbc/leak")
    private DataSource ds;

    public String now() {
        try (Connection c = ds.getConnection()) {
            return "now:" + c.getMetaData().getDatabaseProductName();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Asynchronous
    public Future<String> later() {
        return new AsyncResult<>("later");
    }

    private volatile LeakPayload lastHeard;

    public void heard(LeakPayload payload) {
        lastHeard = payload;
    }

    public LeakPayload lastHeard() {
        return lastHeard;
    }

    @Schedule(second = "*/1", minute = "*", hour = "*", persistent = false)
    void tick() {
    }
}
