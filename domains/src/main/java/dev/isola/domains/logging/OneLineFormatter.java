package dev.isola.domains.logging;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.logging.Formatter;
import java.util.logging.Level;
import java.util.logging.LogRecord;

/**
 * One line per event, with where it happened:
 * {@code 2025-06-01 12:00:00.123 INFO  [shop/shop-web] dev.isola.appserver: deployed petstore (...) in 812 ms}.
 *
 * <p>An exception attached to a record adds its class and message to the line. Only a
 * {@link Level#SEVERE} record, an error nobody expected, gets its stack trace: expected
 * errors (a deployment that fails on a bad archive, a refused request) stay one line.
 */
public final class OneLineFormatter extends Formatter {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    private final String where;

    /** @param where what every line names, e.g. {@code shop/shop-web} or {@code admin} */
    public OneLineFormatter(String where) {
        this.where = where;
    }

    @Override
    public String format(LogRecord record) {
        StringBuilder line = new StringBuilder(160)
                .append(TIME.format(Instant.ofEpochMilli(record.getMillis()))).append(' ')
                .append(String.format("%-5s", levelName(record.getLevel()))).append(" [").append(where).append("] ")
                .append(record.getLoggerName() == null ? "" : shortLogger(record.getLoggerName()) + ": ")
                .append(formatMessage(record).replace('\n', ' '));
        Throwable thrown = record.getThrown();
        if (thrown != null) {
            line.append(" (").append(thrown.getClass().getName()).append(": ").append(String.valueOf(thrown.getMessage()).replace('\n', ' ')).append(')');
            if (record.getLevel().intValue() >= Level.SEVERE.intValue()) {
                StringWriter trace = new StringWriter();
                thrown.printStackTrace(new PrintWriter(trace));
                line.append(System.lineSeparator()).append(trace.toString().stripTrailing());
            }
        }
        return line.append(System.lineSeparator()).toString();
    }

    private static String levelName(Level level) {
        if (level.intValue() >= Level.SEVERE.intValue()) return "ERROR";
        if (level.intValue() >= Level.WARNING.intValue()) return "WARN";
        if (level.intValue() >= Level.INFO.intValue()) return "INFO";
        return "DEBUG";
    }

    /** {@code org.apache.catalina.core.StandardService} becomes {@code o.a.c.core.StandardService}; ours stay whole. */
    private static String shortLogger(String name) {
        if (name.startsWith("dev.isola.")) {
            return name;
        }
        String[] parts = name.split("\\.");
        if (parts.length <= 3) {
            return name;
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            b.append(i < parts.length - 2 && !parts[i].isEmpty() ? parts[i].substring(0, 1) : parts[i]);
            if (i < parts.length - 1) {
                b.append('.');
            }
        }
        return b.toString();
    }
}
