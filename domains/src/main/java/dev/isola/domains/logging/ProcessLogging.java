package dev.isola.domains.logging;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Formatter;
import java.util.logging.Level;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.StreamHandler;

/**
 * Sends this process's log (java.util.logging, which {@code System.Logger} and SLF4J here go
 * to) to a file, appended and rotated ({@link RotatingFileHandler}), one line per event naming
 * the process ({@link OneLineFormatter}); warnings and errors go to standard error too. Used by
 * domain isolates ({@code logs/<isolate>.log}) and the admin isolate ({@code .admin/admin.log}).
 *
 * <p>Why only warnings on standard error: the isolate runtime appends an isolate's standard
 * error to a file of its run directory that nothing rotates (the process holds it open), and
 * reads its end to say why an isolate failed; the whole log there would grow without end with
 * an application that logs per request, and would repeat the log file.
 */
public final class ProcessLogging {

    /** Chatty at INFO and of no use to an operator. */
    private static final List<String> CHATTY = List.of("org.apache.catalina.core.StandardService",
            "org.apache.catalina.core.StandardEngine", "org.apache.jasper.servlet.TldScanner", "org.apache.coyote.http11.Http11NioProtocol",
            "org.apache.coyote.AbstractProtocol");
    /** Held strongly: the log manager keeps loggers only weakly, and would forget their levels. */
    private static final List<Logger> QUIETED = new CopyOnWriteArrayList<>();
    /** The loggers {@link #applyLevels} set, by name, held strongly for the same reason. */
    private static final Map<String, Logger> CONFIGURED = new HashMap<>();

    private ProcessLogging() {
    }

    /**
     * Standard error, flushed per record. Not a {@code ConsoleHandler} on purpose: embedded
     * Tomcat replaces the formatter of every {@code ConsoleHandler} of the root logger.
     */
    private static final class StandardErrorHandler extends StreamHandler {
        StandardErrorHandler(Formatter formatter) {
            super(System.err, formatter);
        }

        @Override
        public synchronized void publish(LogRecord record) {
            super.publish(record);
            flush();
        }

        @Override
        public synchronized void close() {
            flush();
        }
    }

    /**
     * For command-line tools: warnings and errors only, one line each on standard error.
     *
     * @param where what every line names, e.g. {@code appserver}
     */
    public static void installConsole(String where) {
        Logger root = Logger.getLogger("");
        for (Handler handler : root.getHandlers()) {
            root.removeHandler(handler);
            // A file handler left open would hold its file (a spare's warm-up log, deleted after it) for the JVM's life.
            handler.close();
        }
        root.addHandler(new StandardErrorHandler(new OneLineFormatter(where)));
        root.setLevel(Level.WARNING);
    }

    /**
     * Replaces the root logger's handlers. Other loggers keep their configuration (the isolate
     * runtime listens on one to learn its exit status), so this is no {@code LogManager.reset()}.
     *
     * @param where what every line names, e.g. {@code shop/shop-web}
     */
    public static void install(Path file, String where) {
        Logger root = Logger.getLogger("");
        for (Handler handler : root.getHandlers()) {
            root.removeHandler(handler);
            handler.close();
        }
        OneLineFormatter formatter = new OneLineFormatter(where);
        try {
            RotatingFileHandler toFile = RotatingFileHandler.withConfiguredLimits(file);
            toFile.setFormatter(formatter);
            // The loggers' levels decide what is written (the root's INFO unless configured, see applyLevels), not the file's.
            toFile.setLevel(Level.ALL);
            root.addHandler(toFile);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the log file " + file + ": " + e.getMessage(), e);
        }
        StandardErrorHandler toStandardError = new StandardErrorHandler(formatter);
        toStandardError.setLevel(Level.WARNING);
        root.addHandler(toStandardError);
        root.setLevel(Level.INFO);
        for (String chatty : CHATTY) {
            Logger logger = Logger.getLogger(chatty);
            logger.setLevel(Level.WARNING);
            QUIETED.add(logger);
        }
    }

    /**
     * Sets the levels of the loggers named (by their {@code java.util.logging} names, the root's
     * empty) and puts back the defaults of those an earlier call set and this one does not name:
     * the root's INFO, WARNING for the chatty ones, and otherwise the parent's. What the
     * configuration's {@code logLevels} says, at an isolate's start and when it changes.
     *
     * @return the level each named logger has now, by name
     */
    public static synchronized Map<String, Level> applyLevels(Map<String, Level> levels) {
        for (Map.Entry<String, Logger> earlier : CONFIGURED.entrySet()) {
            if (!levels.containsKey(earlier.getKey())) {
                earlier.getValue().setLevel(defaultLevel(earlier.getKey()));
            }
        }
        CONFIGURED.keySet().retainAll(levels.keySet());
        Map<String, Level> now = new TreeMap<>();
        levels.forEach((name, level) -> {
            Logger logger = Logger.getLogger(name);
            logger.setLevel(level);
            CONFIGURED.put(name, logger);
            now.put(name, logger.getLevel());
        });
        return now;
    }

    private static Level defaultLevel(String name) {
        if (name.isEmpty()) {
            return Level.INFO;
        }
        return CHATTY.contains(name) ? Level.WARNING : null;
    }
}
