package dev.isola.domains.config;

import dev.isola.domains.logging.ProcessLogging;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A domain's {@code logLevels}: what is taken, how it is stored and read back, what is refused, and how an isolate applies and undoes them. */
class LogLevelsTest {

    @AfterEach
    void defaultsAgain() {
        ProcessLogging.applyLevels(Map.of());
    }

    @Test
    void levelsAreJavaLoggingsAndTheOtherLibrariesNamesAreTakenAsTheirEquivalents() {
        LogLevels levels = LogLevels.of(Map.of("a.b", "fine", "c", "DEBUG", "d", "warn", "e", " Error ", "f", "trace", LogLevels.ROOT, "OFF"));

        assertEquals(Map.of("a.b", "FINE", "c", "FINE", "d", "WARNING", "e", "SEVERE", "f", "FINEST", "root", "OFF"), levels.asText());
        assertEquals(List.of("a.b", "c", "d", "e", "f", "root"), List.copyOf(levels.levels().keySet()), "sorted by logger");
    }

    @Test
    void aLevelThatIsNoneIsRefusedNamingTheLogger() {
        DomainConfigException refused = assertThrows(DomainConfigException.class, () -> LogLevels.of(Map.of("org.example", "LOUD")));

        assertEquals("logLevels.org.example", refused.field());
        assertTrue(refused.getMessage().contains("'LOUD' is not a level (SEVERE, WARNING, INFO, CONFIG, FINE, FINER, FINEST, OFF or ALL;"
                + " or ERROR, WARN, DEBUG, TRACE)"), refused.getMessage());
    }

    @Test
    void aNameThatIsNoLoggersIsRefused() {
        for (String bad : List.of("", "org..example", ".org", "org.", "org example", "a/b")) {
            DomainConfigException refused = assertThrows(DomainConfigException.class, () -> LogLevels.of(Map.of(bad, "FINE")), bad);
            assertTrue(refused.getMessage().contains("'" + bad + "' is not a logger name"), refused.getMessage());
        }
    }

    @Test
    void tooManyLoggersAreRefused() {
        Map<String, String> many = new LinkedHashMap<>();
        for (int i = 0; i <= LogLevels.MAX_LOGGERS; i++) {
            many.put("logger" + i, "FINE");
        }

        assertThrows(DomainConfigException.class, () -> LogLevels.of(many));
    }

    @Test
    void theConfigurationStoresThemAndReadsThemBackAndAChangeIsALinePerLogger() {
        DomainConfig shop = DomainConfigJson.parse("{\"name\": \"shop\", \"logLevels\": {\"org.apache.catalina\": \"debug\"}}", 8080);

        assertEquals(Map.of("org.apache.catalina", "FINE"), shop.logLevels().asText());
        assertEquals(shop, DomainConfigJson.parse(DomainConfigJson.toText(shop), 8080));
        assertEquals(LogLevels.NONE, DomainConfigJson.parse("{\"name\": \"shop\"}", 8080).logLevels());
        assertEquals(List.of("logLevels.org.apache.catalina: FINE -> SEVERE", "logLevels.root: WARNING (added)"),
                DomainConfigChanges.between(shop, shop.withLogLevels(LogLevels.of(Map.of("org.apache.catalina", "ERROR", "root", "WARNING")))));
    }

    @Test
    void theConfigurationRefusesLevelsThatAreNotText() {
        DomainConfigException refused = assertThrows(DomainConfigException.class,
                () -> DomainConfigJson.parse("{\"name\": \"shop\", \"logLevels\": {\"org.example\": 500}}", 8080));
        assertEquals("logLevels.org.example", refused.field());
        assertEquals("logLevels", assertThrows(DomainConfigException.class,
                () -> DomainConfigJson.parse("{\"name\": \"shop\", \"logLevels\": [\"FINE\"]}", 8080)).field());
    }

    @Test
    void anIsolateSetsTheLevelsAndPutsTheDefaultsBackForThoseNoLongerNamed() {
        Logger catalina = Logger.getLogger("org.apache.catalina.core.StandardService"); // one the isolates keep at WARNING
        Logger ours = Logger.getLogger("dev.isola.test.levels");

        Map<String, Level> now = ProcessLogging.applyLevels(Map.of("", Level.WARNING, "dev.isola.test.levels", Level.FINE,
                "org.apache.catalina.core.StandardService", Level.INFO));

        assertEquals(Map.of("", Level.WARNING, "dev.isola.test.levels", Level.FINE, "org.apache.catalina.core.StandardService", Level.INFO), now);
        assertEquals(Level.WARNING, Logger.getLogger("").getLevel());
        assertEquals(Level.FINE, ours.getLevel());
        assertTrue(ours.isLoggable(Level.FINE));

        ProcessLogging.applyLevels(Map.of("dev.isola.test.levels", Level.SEVERE));

        assertEquals(Level.INFO, Logger.getLogger("").getLevel(), "the root's default");
        assertEquals(Level.WARNING, catalina.getLevel(), "a chatty logger's default");
        assertEquals(Level.SEVERE, ours.getLevel());
        ProcessLogging.applyLevels(Map.of());
        assertNull(ours.getLevel(), "back to its parent's");
    }
}
