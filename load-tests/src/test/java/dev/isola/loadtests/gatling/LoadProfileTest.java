package dev.isola.loadtests.gatling;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LoadProfileTest {

    @Test
    void defaultsDriveTheDemoPetStore() {
        LoadProfile profile = LoadProfile.from(Map.of());
        assertEquals(List.of(URI.create("http://127.0.0.1:8080/petstore")), profile.baseUrls());
        assertEquals(10, profile.users());
        assertEquals(Duration.ofSeconds(10), profile.ramp());
        assertEquals(Duration.ofSeconds(60), profile.duration());
        assertEquals(Duration.ofMillis(500), profile.pause());
        assertEquals(URI.create("http://127.0.0.1:8080/petstore"), profile.singleBaseUrl("Browse"));
    }

    @Test
    void propertiesOverrideTheDefaults() {
        LoadProfile profile = LoadProfile.from(Map.of("loadtest.baseUrls", " http://127.0.0.1:8081/petstore/ ,https://localhost/shop",
                "loadtest.users", "7", "loadtest.rampSeconds", "0", "loadtest.durationSeconds", "5", "loadtest.pauseMillis", "0"));
        assertEquals(List.of(URI.create("http://127.0.0.1:8081/petstore"), URI.create("https://localhost/shop")), profile.baseUrls(),
                "blanks and a trailing slash are dropped, so that request paths can start with /");
        assertEquals(7, profile.users());
        assertEquals(Duration.ZERO, profile.ramp());
        assertEquals(Duration.ofSeconds(5), profile.duration());
        assertEquals(Duration.ZERO, profile.pause());
    }

    @Test
    void usersAreSpreadEvenlyAndAddUp() {
        LoadProfile profile = LoadProfile.from(Map.of("loadtest.users", "11",
                "loadtest.baseUrls", "http://127.0.0.1:8081/petstore,http://127.0.0.1:8082/petstore,http://127.0.0.1:8083/petstore"));
        assertEquals(List.of(4, 4, 3), profile.usersPerStore());
        assertEquals(List.of(11), LoadProfile.from(Map.of("loadtest.users", "11")).usersPerStore());
    }

    @Test
    void everyPetStoreNeedsAUser() {
        LoadProfile profile = LoadProfile.from(Map.of("loadtest.users", "1",
                "loadtest.baseUrls", "http://127.0.0.1:8081/petstore,http://127.0.0.1:8082/petstore"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, profile::usersPerStore);
        assertEquals("loadtest.users (1) must be at least the number of Pet Stores in loadtest.baseUrls (2), so that each gets a user",
                e.getMessage());
    }

    @Test
    void singleDomainSimulationsRefuseSeveralPetStores() {
        LoadProfile profile = LoadProfile.from(Map.of("loadtest.baseUrls", "http://127.0.0.1:8081/petstore,http://127.0.0.1:8082/petstore"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> profile.singleBaseUrl("Shopper"));
        assertEquals("Shopper drives one Pet Store, but loadtest.baseUrls names 2 ([http://127.0.0.1:8081/petstore,"
                + " http://127.0.0.1:8082/petstore]); use MultiDomain to spread users over several", e.getMessage());
    }

    @Test
    void badValuesNameThePropertyAndTheValue() {
        assertEquals("loadtest.users must be a whole number of at least 1, not \"0\"", refused("loadtest.users", "0"));
        assertEquals("loadtest.users must be a whole number of at least 1, not \"ten\"", refused("loadtest.users", "ten"));
        assertEquals("loadtest.rampSeconds must be a whole number of at least 0, not \"-1\"", refused("loadtest.rampSeconds", "-1"));
        assertEquals("loadtest.durationSeconds must be a whole number of at least 1, not \"1.5\"", refused("loadtest.durationSeconds", "1.5"));
        assertEquals("loadtest.pauseMillis must be a whole number of at least 0, not \"99999999999\"", refused("loadtest.pauseMillis", "99999999999"));
        assertEquals("loadtest.baseUrls: \"ftp://127.0.0.1/petstore\" is not the http(s) URL of a Pet Store, such as http://127.0.0.1:8080/petstore",
                refused("loadtest.baseUrls", "ftp://127.0.0.1/petstore"));
        assertEquals("loadtest.baseUrls: \"127.0.0.1:8080/petstore\" is not the http(s) URL of a Pet Store, such as http://127.0.0.1:8080/petstore",
                refused("loadtest.baseUrls", "127.0.0.1:8080/petstore"));
        assertEquals("loadtest.baseUrls: \"\" is not the http(s) URL of a Pet Store, such as http://127.0.0.1:8080/petstore",
                refused("loadtest.baseUrls", "http://127.0.0.1:8080/petstore,"));
        assertEquals("loadtest.baseUrls: \"http://127.0.0.1:8080/petstore?x=1\" is not the http(s) URL of a Pet Store, such as http://127.0.0.1:8080/petstore",
                refused("loadtest.baseUrls", "http://127.0.0.1:8080/petstore?x=1"));
        assertEquals("loadtest.baseUrls names a Pet Store twice: http://127.0.0.1:8080/petstore,http://127.0.0.1:8080/petstore/",
                refused("loadtest.baseUrls", "http://127.0.0.1:8080/petstore,http://127.0.0.1:8080/petstore/"));
    }

    private static String refused(String key, String value) {
        return assertThrows(IllegalArgumentException.class, () -> LoadProfile.from(Map.of(key, value))).getMessage();
    }
}
