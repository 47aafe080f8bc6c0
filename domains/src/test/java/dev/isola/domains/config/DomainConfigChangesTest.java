package dev.isola.domains.config;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lines that tell people what a configuration change changes. */
class DomainConfigChangesTest {

    private static DomainConfig config(String json) {
        return DomainConfigJson.parse(json, 8080);
    }

    @Test
    void aDefaultGivenExplicitlyIsNoChange() {
        assertEquals(List.of(), DomainConfigChanges.between(config("{\"name\": \"shop\"}"),
                config("{\"name\": \"shop\", \"mode\": \"combined\", \"host\": \"127.0.0.1\", \"isolate\": {\"heap\": \"256m\", \"collector\": \"serial\"}}")));
    }

    @Test
    void settingsAreNamedWithTheirPathAndBothValues() {
        List<String> changes = DomainConfigChanges.between(config("{\"name\": \"shop\", \"httpPort\": 8081}"),
                config("{\"name\": \"shop\", \"httpPort\": 8090, \"isolate\": {\"heap\": \"512m\", \"jvmOptions\": [\"-Xss512k\"]}}"));
        assertEquals(List.of("httpPort: 8081 -> 8090", "isolates.server.heap: 256m -> 512m", "isolates.server.jvmOptions: [] -> [\"-Xss512k\"]"), changes);
    }

    @Test
    void aModeChangeNamesTheIsolatesThatGoAndCome() {
        List<String> changes = DomainConfigChanges.between(config("{\"name\": \"shop\"}"), config("{\"name\": \"shop\", \"mode\": \"separated\"}"));
        assertEquals("mode: combined -> separated", changes.get(0));
        assertTrue(changes.contains("isolates.server: removed"), changes.toString());
        assertTrue(changes.stream().anyMatch(c -> c.startsWith("isolates.jms: heap 256m, youngGeneration 4m") && c.endsWith("(added)")), changes.toString());
        assertEquals(5, changes.size(), changes.toString());
    }

    @Test
    void dataSourcesAndDestinationsAreMatchedByNameAndPasswordsAreNeverShown() {
        DomainConfig before = config("{\"name\": \"shop\", \"dataSources\": [{\"name\": \"java:global/jdbc/a\", \"url\": \"jdbc:derby:a\","
                + " \"user\": \"app\", \"password\": \"s3cret\"}], \"jmsDestinations\": [{\"name\": \"orders\"}, {\"name\": \"audit\", \"type\": \"topic\"}]}");
        DomainConfig after = config("{\"name\": \"shop\", \"dataSources\": [{\"name\": \"java:global/jdbc/a\", \"url\": \"jdbc:derby:a\","
                + " \"user\": \"app\", \"password\": \"n3w-s3cret\"}], \"jmsDestinations\": [{\"name\": \"audit\", \"type\": \"topic\"},"
                + " {\"name\": \"invoices\", \"maxDeliveryAttempts\": 3}]}");
        List<String> changes = DomainConfigChanges.between(before, after);
        assertEquals(List.of("dataSources[java:global/jdbc/a].password: (changed)", "jmsDestinations[orders]: removed",
                "jmsDestinations[invoices]: added"), changes);
        assertFalse(changes.toString().contains("s3cret"), changes.toString());
    }
}
