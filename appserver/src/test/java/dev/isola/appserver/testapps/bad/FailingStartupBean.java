package dev.isola.appserver.testapps.bad;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;

@Singleton
@Startup
@DependsOn("HealthyStartupBean")
@DataSourceDefinition(name = "java:app/jdbc/failing", className = "org.apache.derby.jdbc.EmbeddedDataSource", databaseName = "failing")
public class FailingStartupBean {
    @PostConstruct
    void init() {
        throw new IllegalStateException("no configuration found");
    }
}
