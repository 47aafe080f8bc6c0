package dev.isola.domains.logging;

import dev.isola.mvm.isolate.MemorySize;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.function.Function;
import java.util.logging.ErrorManager;
import java.util.logging.LogRecord;
import java.util.logging.StreamHandler;

/**
 * A log file that does not grow without end: once {@code shop.log} reaches its size limit it
 * becomes {@code shop.log.1} (the one before becomes {@code shop.log.2}, and so on), a new
 * {@code shop.log} is begun, and the oldest beyond the number kept is deleted. The file being
 * written always has the same name, so {@code tail -f}, the console's log view and the API's
 * log tail keep finding it; applications that log per request cannot fill the disk.
 *
 * <p>The JDK's {@code FileHandler} rotates too, but it names the file being written after its
 * generation ({@code shop.log.0}) and keeps a lock file beside it. Limits come from the system
 * properties {@value #MAX_SIZE_PROPERTY} (default {@value #DEFAULT_MAX_SIZE}) and
 * {@value #FILES_PROPERTY} (older files kept, default {@value #DEFAULT_FILES}), which a
 * domain's configuration can set among its JVM options.
 */
public final class RotatingFileHandler extends StreamHandler {

    public static final String MAX_SIZE_PROPERTY = "isola.log.maxFileSize";
    public static final String FILES_PROPERTY = "isola.log.files";
    static final String DEFAULT_MAX_SIZE = "10m";
    static final int DEFAULT_FILES = 5;
    private static final long MIN_SIZE = 1024;
    private static final int MAX_FILES = 1000;

    private final Path file;
    private final long maxSize;
    private final int keep;
    private CountingStream out;

    /**
     * @param maxSize the size past which the file is rotated (a record is never split, so a file can end a record longer)
     * @param keep    how many rotated files to keep, 0 for none
     */
    public RotatingFileHandler(Path file, long maxSize, int keep) throws IOException {
        if (maxSize < MIN_SIZE || keep < 0 || keep > MAX_FILES) {
            throw new IllegalArgumentException("a log file of at least 1k, and from 0 to " + MAX_FILES + " old files: not " + maxSize + " bytes, " + keep);
        }
        this.file = file;
        this.maxSize = maxSize;
        this.keep = keep;
        setEncoding("UTF-8");
        Files.createDirectories(file.getParent());
        if (Files.exists(file) && Files.size(file) >= maxSize) {
            rotateFiles();
        }
        open();
    }

    /** A handler with the limits the system properties give ({@link #limits}). */
    public static RotatingFileHandler withConfiguredLimits(Path file) throws IOException {
        Limits limits = limits(System::getProperty);
        return new RotatingFileHandler(file, limits.maxSize(), limits.keep());
    }

    /** How large a log file may grow and how many rotated ones are kept. */
    public record Limits(long maxSize, int keep) {
    }

    /**
     * The limits that {@code properties} ({@value #MAX_SIZE_PROPERTY}, {@value #FILES_PROPERTY},
     * either absent for its default) give: checked by a domain's configuration too, so that a
     * wrong value is refused when it is set rather than when an isolate starts.
     *
     * @throws IllegalArgumentException naming the property whose value is wrong
     */
    public static Limits limits(Function<String, String> properties) {
        String size = Objects.requireNonNullElse(properties.apply(MAX_SIZE_PROPERTY), DEFAULT_MAX_SIZE);
        long maxSize;
        try {
            maxSize = MemorySize.parse(size).bytes();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(MAX_SIZE_PROPERTY + "=" + size + " is not a size (expected e.g. 10m or 512k)");
        }
        if (maxSize < MIN_SIZE) {
            throw new IllegalArgumentException(MAX_SIZE_PROPERTY + "=" + size + " is below the smallest log file size, 1k");
        }
        String files = Objects.requireNonNullElse(properties.apply(FILES_PROPERTY), Integer.toString(DEFAULT_FILES));
        int keep;
        try {
            keep = Integer.parseInt(files);
        } catch (NumberFormatException e) {
            keep = -1;
        }
        if (keep < 0 || keep > MAX_FILES) {
            throw new IllegalArgumentException(FILES_PROPERTY + "=" + files + " is not a number of old log files from 0 to " + MAX_FILES);
        }
        return new Limits(maxSize, keep);
    }

    /** Flushed per record, like the JDK's file handler: the last lines before a crash are what an operator needs. */
    @Override
    public synchronized void publish(LogRecord record) {
        super.publish(record);
        flush();
        if (out != null && out.written >= maxSize) {
            try {
                rotateFiles();
                open();
            } catch (IOException e) {
                reportError("cannot rotate " + file + "; writing on to it", e, ErrorManager.WRITE_FAILURE);
                reopenAfterFailure();
            }
        }
    }

    private void open() throws IOException {
        OutputStream stream = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        out = new CountingStream(stream, Files.size(file));
        setOutputStream(out);
    }

    /** Closes the current file and shifts the old ones: shop.log.(keep-1) → shop.log.keep, …, shop.log → shop.log.1. */
    private void rotateFiles() throws IOException {
        if (out != null) {
            // Writes the formatter's tail and closes the stream; the next open() gives the handler a new one.
            setOutputStream(OutputStream.nullOutputStream());
            out = null;
        }
        Files.deleteIfExists(numbered(Math.max(keep, 1)));
        for (int i = keep - 1; i >= 1; i--) {
            if (Files.exists(numbered(i))) {
                Files.move(numbered(i), numbered(i + 1), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        if (keep == 0) {
            Files.deleteIfExists(file);
        } else if (Files.exists(file)) {
            Files.move(file, numbered(1), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private void reopenAfterFailure() {
        try {
            open();
        } catch (IOException e) {
            reportError("cannot open " + file, e, ErrorManager.OPEN_FAILURE);
        }
    }

    private Path numbered(int generation) {
        return file.resolveSibling(file.getFileName() + "." + generation);
    }

    /** Counts what reaches the file, so that the size is known without asking the file system per record. */
    private static final class CountingStream extends FilterOutputStream {
        long written;

        CountingStream(OutputStream out, long initial) {
            super(out);
            this.written = initial;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            written++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            written += len;
        }
    }
}
