package dev.isola.domains.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Level;
import java.util.regex.Pattern;

/**
 * The levels a domain's isolates log at, by logger: the {@code logLevels} of its configuration,
 * e.g. {@code {"org.apache.catalina.core": "FINE", "root": "WARNING"}}. Loggers not named keep
 * the isolate's defaults (the root at INFO, a few chatty libraries at WARNING). Set at each
 * isolate's start, and changed in running isolates without a restart
 * ({@code deploy-tool set-log-levels}), as GlassFish's {@code set-log-levels} and WildFly's
 * logging subsystem do.
 *
 * <p>Levels are {@code java.util.logging}'s, which every logger of the server and its libraries
 * ends up in (Tomcat's and {@code System.Logger}'s included): SEVERE, WARNING, INFO, CONFIG, FINE,
 * FINER, FINEST, OFF, ALL. The names other logging libraries use are taken too and stored as
 * their equivalent: ERROR is SEVERE, WARN is WARNING, DEBUG is FINE, TRACE is FINEST.
 *
 * @param levels logger name ({@value #ROOT} for the root logger) → level, sorted by name
 */
public record LogLevels(Map<String, Level> levels) {

    /** How the configuration names the root logger, whose name in {@code java.util.logging} is empty. */
    public static final String ROOT = "root";
    public static final LogLevels NONE = new LogLevels(Map.of());
    /** More would be a configuration nobody reads; a typo repeated by a script is more likely. */
    static final int MAX_LOGGERS = 200;

    private static final Pattern LOGGER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$-]*(\\.[A-Za-z0-9_$-]+)*");
    private static final Map<String, Level> NAMES = names();

    public LogLevels {
        if (levels.size() > MAX_LOGGERS) {
            throw new DomainConfigException("logLevels", levels.size() + " loggers; at most " + MAX_LOGGERS + " are taken");
        }
        for (String logger : levels.keySet()) {
            if (!LOGGER.matcher(logger).matches()) {
                throw new DomainConfigException("logLevels", "'" + logger + "' is not a logger name (a dotted name such as org.apache.catalina,"
                        + " or " + ROOT + ")");
            }
        }
        levels = Collections.unmodifiableMap(new TreeMap<>(levels));
    }

    /**
     * Levels given as text, as the configuration and the API have them.
     *
     * @throws DomainConfigException naming {@code logLevels.<logger>} for a level that is none of those taken
     */
    public static LogLevels of(Map<String, String> text) {
        Map<String, Level> levels = new LinkedHashMap<>();
        text.forEach((logger, level) -> levels.put(logger, level(logger, level)));
        return new LogLevels(levels);
    }

    /** @throws DomainConfigException naming {@code logLevels.<logger>} */
    public static Level level(String logger, String text) {
        Level level = text == null ? null : NAMES.get(text.strip().toUpperCase(Locale.ROOT));
        if (level == null) {
            throw new DomainConfigException("logLevels." + logger, "'" + text + "' is not a level (SEVERE, WARNING, INFO, CONFIG, FINE, FINER,"
                    + " FINEST, OFF or ALL; or ERROR, WARN, DEBUG, TRACE)");
        }
        return level;
    }

    /** The levels as text, by logger name. */
    public Map<String, String> asText() {
        Map<String, String> text = new TreeMap<>();
        levels.forEach((logger, level) -> text.put(logger, level.getName()));
        return text;
    }

    /** The name {@code java.util.logging} knows the logger by. */
    public static String julName(String logger) {
        return logger.equals(ROOT) ? "" : logger;
    }

    private static Map<String, Level> names() {
        Map<String, Level> names = new LinkedHashMap<>();
        for (Level level : new Level[]{Level.SEVERE, Level.WARNING, Level.INFO, Level.CONFIG, Level.FINE, Level.FINER, Level.FINEST, Level.OFF,
                Level.ALL}) {
            names.put(level.getName(), level);
        }
        names.put("ERROR", Level.SEVERE);
        names.put("WARN", Level.WARNING);
        names.put("DEBUG", Level.FINE);
        names.put("TRACE", Level.FINEST);
        return Map.copyOf(names);
    }
}
