package dev.isola.appserver.jdbc;

import java.util.Locale;

/**
 * The territory (locale) a Derby database gets when the server creates it: the one place that
 * decides it, for datasources ({@link DataSourceFactory}) and the JMS store alike.
 *
 * <p>Why it matters: Derby formats about four messages whenever a sort closes
 * ({@code MergeSortInfo.getAllSortInfo}), looking each up in the bundles of the database's
 * territory. Derby 10.17 looks for the messages of any territory but {@code en_US} first in the
 * packages of its {@code derbyLocale_*} jars ({@code org.apache.derby.loc.locale_en.m16} and so
 * on), which the server does not ship, and only then in the English bundles of {@code derby.jar}.
 * Each failed lookup throws and catches a {@code MissingResourceException}: 8 per sorted query (16
 * when the JVM's default locale is neither the territory nor {@code en_US}), about 4 % of a
 * domain's CPU under the Pet Store load, mostly spent filling in stack traces. Without a
 * {@code territory} attribute Derby takes the JVM's default locale, which is {@code en} (no
 * country) under {@code LANG=C.UTF-8}, as in our containers and CI. In {@code en_US} Derby throws
 * none, whatever the JVM's locale; its messages are English in any case.
 *
 * <p>A database's territory is fixed when it is created: databases created before this rule, or
 * by other programs, keep theirs ({@code derby.serviceLocale} in the database's
 * {@code service.properties}); to change one, create it anew and move its data.
 *
 * <pre>
 *   DerbyTerritory.forEmbedded("create=true")                            // "create=true;territory=en_US" (JVM locale en)
 *   DerbyTerritory.forEmbedded("create=true;territory=de_DE")            // unchanged: the user chose
 *   DerbyTerritory.forEmbedded("create=true;collation=TERRITORY_BASED")  // unchanged: the locale orders text
 * </pre>
 */
public final class DerbyTerritory {

    /** The one territory whose messages Derby finds without a failed lookup. */
    private static final String WITH_MESSAGES = "en_US";

    private static final String ATTRIBUTE = "territory=" + WITH_MESSAGES;

    private DerbyTerritory() {
    }

    /**
     * The connection attributes for creating a database in this JVM (embedded Derby), which
     * would take this JVM's default locale as its territory.
     *
     * @param attributes Derby connection attributes, {@code name=value} separated by {@code ;} (may be empty)
     * @return {@code attributes} with {@code territory=en_US} added, unless they choose a territory
     *         themselves or the default locale is {@code en_US} already
     */
    public static String forEmbedded(String attributes) {
        return forEmbedded(attributes, Locale.getDefault());
    }

    static String forEmbedded(String attributes, Locale defaultLocale) {
        // Derby compares the locale's string form, so en_US_POSIX or a locale with extensions misses too.
        boolean derbyWouldChooseWell = defaultLocale.toString().equals(WITH_MESSAGES);
        return derbyWouldChooseWell || choosesTerritory(attributes) ? attributes : withTerritory(attributes);
    }

    /**
     * The connection attributes for a database that a Derby network server creates at a client's
     * request. Without a territory the server's default locale decides, which a client cannot
     * see, so the territory is added whatever this JVM's locale; for a server in {@code en_US}
     * that is the territory it would have chosen.
     *
     * @param attributes Derby connection attributes, {@code name=value} separated by {@code ;} (may be empty)
     * @return {@code attributes} with {@code territory=en_US} added, unless they choose a territory themselves
     */
    public static String forNetwork(String attributes) {
        return choosesTerritory(attributes) ? attributes : withTerritory(attributes);
    }

    /**
     * Whether the attributes name a territory, or ask for territory-based collation: text is then
     * ordered by the rules of the default locale's territory, which the user chose by running in
     * it, and adding a different one would change the order of their data.
     */
    private static boolean choosesTerritory(String attributes) {
        for (String attribute : attributes.split(";")) {
            int eq = attribute.indexOf('=');
            if (eq < 0) {
                continue;
            }
            // Derby's attribute names are case-sensitive (it ignores TERRITORY=...); it takes a collation in any case.
            String name = attribute.substring(0, eq);
            String value = attribute.substring(eq + 1);
            if (name.equals("territory") || name.equals("collation") && value.regionMatches(true, 0, "TERRITORY_BASED", 0, 15)) {
                return true;
            }
        }
        return false;
    }

    private static String withTerritory(String attributes) {
        return attributes.isEmpty() ? ATTRIBUTE : attributes + ";" + ATTRIBUTE;
    }
}
