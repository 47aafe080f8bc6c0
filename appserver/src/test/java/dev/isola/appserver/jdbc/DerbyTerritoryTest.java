package dev.isola.appserver.jdbc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The decision alone: which attributes a new database gets, for the default locales measured
 * (every territory but en_US makes Derby throw while it formats messages).
 */
class DerbyTerritoryTest {

    @ParameterizedTest
    @ValueSource(strings = {"en", "de", "fr", "de-DE", "fr-FR", "en-GB", "ja-JP", "en-US-POSIX"})
    void anEmbeddedDatabaseCreatedInALocaleWithoutDerbyMessagesGetsEnUs(String languageTag) {
        Locale locale = Locale.forLanguageTag(languageTag);
        assertEquals("create=true;territory=en_US", DerbyTerritory.forEmbedded("create=true", locale), locale.toString());
        assertEquals("territory=en_US", DerbyTerritory.forEmbedded("", locale), locale.toString());
    }

    @Test
    void anEmbeddedDatabaseCreatedInEnUsIsLeftAsDerbyWouldCreateIt() {
        assertEquals("create=true", DerbyTerritory.forEmbedded("create=true", Locale.US));
        assertEquals("", DerbyTerritory.forEmbedded("", Locale.US));
    }

    @ParameterizedTest
    @ValueSource(strings = {"territory=de_DE", "create=true;territory=en", "collation=TERRITORY_BASED",
            "collation=TERRITORY_BASED:PRIMARY;create=true", "collation=territory_based"})
    void attributesThatChooseTheTerritoryAreKeptAsGiven(String attributes) {
        assertEquals(attributes, DerbyTerritory.forEmbedded(attributes, Locale.of("en")));
        assertEquals(attributes, DerbyTerritory.forNetwork(attributes));
    }

    @Test
    void attributesDerbyIgnoresDoNotCountAsAChoice() {
        assertEquals("TERRITORY=de_DE;territory=en_US", DerbyTerritory.forEmbedded("TERRITORY=de_DE", Locale.of("en")),
                "Derby's attribute names are case-sensitive");
        assertEquals("collation=UCS_BASIC;territory=en_US", DerbyTerritory.forEmbedded("collation=UCS_BASIC", Locale.of("en")));
    }

    @Test
    void aNetworkDatabaseGetsEnUsWhateverThisJvmsLocale() {
        assertEquals("create=true;territory=en_US", DerbyTerritory.forNetwork("create=true"));
        assertEquals("territory=en_US", DerbyTerritory.forNetwork(""));
    }
}
