package dev.isola.loadtests.gatling;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * How hard and how long a simulation drives which Pet Stores, read from system properties
 * (which {@code bin/load-test} sets from its options):
 *
 * <table>
 *   <caption>properties</caption>
 *   <tr><th>property</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code loadtest.baseUrls}</td><td>{@value #DEFAULT_BASE_URL}</td>
 *       <td>the Pet Stores, comma-separated; {@code MultiDomain} spreads its users over all of them</td></tr>
 *   <tr><td>{@code loadtest.users}</td><td>10</td><td>concurrent virtual users of each scenario (in all domains together)</td></tr>
 *   <tr><td>{@code loadtest.rampSeconds}</td><td>10</td><td>time to go from 0 to {@code users}</td></tr>
 *   <tr><td>{@code loadtest.durationSeconds}</td><td>60</td><td>time at {@code users}, after the ramp</td></tr>
 *   <tr><td>{@code loadtest.pauseMillis}</td><td>500</td><td>a user's mean pause between pages (uniform from 0.5 to 1.5 times it; 0 for none)</td></tr>
 * </table>
 *
 * The defaults put 70 seconds of load on the Pet Stores (plus about 10 seconds to build and to
 * start Gatling); a default Shopper run on this 2-core machine buys about 180 of the 395 pets
 * in a new Pet Store that shoppers buy (see {@link OrderTally}).
 */
record LoadProfile(List<URI> baseUrls, int users, Duration ramp, Duration duration, Duration pause) {

    static final String DEFAULT_BASE_URL = "http://127.0.0.1:8080/petstore";

    LoadProfile {
        baseUrls = List.copyOf(baseUrls);
    }

    /** The profile the JVM's system properties describe. */
    static LoadProfile fromSystemProperties() {
        return from(key -> System.getProperty(key));
    }

    /**
     * The profile {@code properties} describe (absent keys take their defaults).
     *
     * @throws IllegalArgumentException naming the property and its value, when a value is not usable
     */
    static LoadProfile from(Map<String, String> properties) {
        return from(properties::get);
    }

    private static LoadProfile from(Function<String, String> properties) {
        String urls = valueOr(properties, "loadtest.baseUrls", DEFAULT_BASE_URL);
        List<URI> baseUrls = Arrays.stream(urls.split(",", -1)).map(String::strip).map(LoadProfile::baseUrl).toList();
        if (baseUrls.stream().distinct().count() < baseUrls.size()) {
            throw new IllegalArgumentException("loadtest.baseUrls names a Pet Store twice: " + urls);
        }
        int users = integer(properties, "loadtest.users", 10, 1);
        int ramp = integer(properties, "loadtest.rampSeconds", 10, 0);
        int duration = integer(properties, "loadtest.durationSeconds", 60, 1);
        int pause = integer(properties, "loadtest.pauseMillis", 500, 0);
        return new LoadProfile(baseUrls, users, Duration.ofSeconds(ramp), Duration.ofSeconds(duration), Duration.ofMillis(pause));
    }

    /** The one Pet Store of a single-domain simulation. */
    URI singleBaseUrl(String simulation) {
        if (baseUrls.size() != 1) {
            throw new IllegalArgumentException(simulation + " drives one Pet Store, but loadtest.baseUrls names " + baseUrls.size()
                    + " (" + baseUrls + "); use MultiDomain to spread users over several");
        }
        return baseUrls.getFirst();
    }

    /**
     * How many of {@code users} go to each Pet Store, in the order of {@link #baseUrls}: an even
     * share, the first ones taking one more while there is a remainder, so that the shares add
     * up to {@code users}.
     *
     * @throws IllegalArgumentException when there are fewer users than Pet Stores
     */
    List<Integer> usersPerStore() {
        int stores = baseUrls.size();
        if (users < stores) {
            throw new IllegalArgumentException("loadtest.users (" + users + ") must be at least the number of Pet Stores in"
                    + " loadtest.baseUrls (" + stores + "), so that each gets a user");
        }
        return IntStream.range(0, stores).mapToObj(i -> users / stores + (i < users % stores ? 1 : 0)).toList();
    }

    @Override
    public String toString() {
        return "users " + users + ", ramp " + ramp.toSeconds() + " s, duration " + duration.toSeconds() + " s, pause " + pause.toMillis()
                + " ms, Pet Stores " + baseUrls;
    }

    private static String valueOr(Function<String, String> properties, String key, String defaultValue) {
        String value = properties.apply(key);
        return value == null || value.isBlank() ? defaultValue : value.strip();
    }

    private static int integer(Function<String, String> properties, String key, int defaultValue, int min) {
        String value = valueOr(properties, key, Integer.toString(defaultValue));
        try {
            int n = Integer.parseInt(value);
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below, with the property's name
        }
        throw new IllegalArgumentException(key + " must be a whole number of at least " + min + ", not \"" + value + "\"");
    }

    private static URI baseUrl(String text) {
        try {
            URI uri = new URI(text);
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null
                    && uri.getQuery() == null && uri.getFragment() == null) {
                String path = uri.getPath() == null ? "" : uri.getPath().replaceAll("/+$", "");
                return new URI(uri.getScheme(), null, uri.getHost(), uri.getPort(), path, null, null);
            }
        } catch (URISyntaxException e) {
            // reported below, with the property's name
        }
        throw new IllegalArgumentException("loadtest.baseUrls: \"" + text + "\" is not the http(s) URL of a Pet Store,"
                + " such as " + DEFAULT_BASE_URL);
    }
}
