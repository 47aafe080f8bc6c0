package dev.isola.appserver.support;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What a class logs through java.util.logging while a test runs, one {@code "LEVEL message"}
 * line per record, for tests that check what the server says and how often. Closing it stops
 * listening.
 */
public final class CapturedLog implements AutoCloseable {

    private final Logger logger;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            lines.add(record.getLevel() + " " + record.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private CapturedLog(Logger logger) {
        this.logger = logger;
        logger.addHandler(handler);
    }

    /** Listens to the logger named after {@code source}. */
    public static CapturedLog of(Class<?> source) {
        return new CapturedLog(Logger.getLogger(source.getName()));
    }

    /** The lines so far, and those to come: the list grows as the class logs. */
    public List<String> lines() {
        return lines;
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
    }
}
