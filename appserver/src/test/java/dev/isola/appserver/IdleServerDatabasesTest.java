package dev.isola.appserver;

import dev.isola.appserver.jdbc.DataSourceSpec;
import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.datasources.DataSourcesServlet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a server that nobody uses opens: the datasources its configuration declares (so that a
 * wrong one fails the start), but neither the platform's default database nor the JMS store,
 * which most applications never use; the first application that uses the default datasource
 * creates its database.
 */
class IdleServerDatabasesTest {

    private RunningServer fixture;

    @AfterEach
    void stop() throws Exception {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void theDefaultDatabaseAndTheJmsStoreWaitForTheirFirstUse() {
        fixture = new RunningServer(b -> b.dataSource(DataSourceSpec.derbyEmbedded("java:global/jdbc/net", "configured")));
        Path data = fixture.root().resolve("data");

        assertTrue(Files.isDirectory(data.resolve("configured")), "a configured datasource is opened at start");
        assertFalse(Files.exists(data.resolve("default")), "the default datasource's database is not created at start");
        assertFalse(Files.exists(data.resolve("jms").resolve("store")), "nor the JMS store's");

        fixture.server().deploy(fixture.export(TestApps.war("where.war", DataSourcesServlet.class)));
        assertFalse(Files.exists(data.resolve("default")), "deploying an application that refers to it does not create it");
        String answer = fixture.get("/where/where");

        assertTrue(answer.startsWith("default=jdbc:derby:" + data.resolve("default").toAbsolutePath()), answer);
        assertTrue(Files.isDirectory(data.resolve("default")), "its first use does");
    }
}
