package dev.isola.domains.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.isola.domains.JsonFiles;
import dev.isola.domains.logging.LogTail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A domain's events, appended one JSON object per line to {@code logs/events.jsonl}. The
 * file only grows by whole lines, so it survives the admin isolate dying mid-way and is easy
 * to read with {@code tail} and {@code jq}; a line that cannot be read (a hand edit) is
 * skipped, not fatal.
 *
 * <p>Bounded on disk and in reading: past {@value #DEFAULT_MAX_SIZE} bytes (some ten thousand
 * events) the file becomes {@code events.jsonl.1}, replacing the one before, and the next event
 * begins a new one; the last events are read from the end of the files, since the console asks
 * for them every few seconds and a journal of years should cost what a journal of days does.
 */
public final class EventJournal {

    public static final long DEFAULT_MAX_SIZE = 4L << 20;

    private final Path file;
    private volatile long maxSize;

    public EventJournal(Path file) {
        this(file, DEFAULT_MAX_SIZE);
    }

    /** @param maxSize the size past which the journal starts a new file, keeping the one before as {@code .1} */
    public EventJournal(Path file, long maxSize) {
        this.file = file;
        this.maxSize = maxSize;
    }

    /** Rotates at {@code maxSize} from the next event on. */
    public void maxSize(long maxSize) {
        this.maxSize = maxSize;
    }

    public Path file() {
        return file;
    }

    private Path previous() {
        return file.resolveSibling(file.getFileName() + ".1");
    }

    /** Appends {@code event} as one line. */
    public synchronized void append(DomainEvent event) {
        try {
            Files.createDirectories(file.getParent());
            if (Files.exists(file) && Files.size(file) >= maxSize) {
                Files.move(file, previous(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            byte[] line = (JsonFiles.MAPPER.writeValueAsString(event) + "\n").getBytes(StandardCharsets.UTF_8);
            Files.write(file, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to the event journal " + file + ": " + e.getMessage(), e);
        }
    }

    /** The last {@code limit} events, oldest first. */
    public synchronized List<DomainEvent> last(int limit) {
        List<String> lines = lastLines(file, limit);
        if (lines.size() < limit) {
            List<String> earlier = new ArrayList<>(lastLines(previous(), limit - lines.size()));
            earlier.addAll(lines);
            lines = earlier;
        }
        List<DomainEvent> events = new ArrayList<>();
        for (String line : lines) {
            try {
                events.add(JsonFiles.MAPPER.readValue(line, DomainEvent.class));
            } catch (JsonProcessingException e) {
                System.getLogger(EventJournal.class.getName()).log(System.Logger.Level.WARNING,
                        "skipping an unreadable line of " + file + ": " + e.getOriginalMessage());
            }
        }
        return events;
    }

    /** The last {@code limit} lines of {@code journal}, read from its end ({@link LogTail}); none when it does not exist. */
    private static List<String> lastLines(Path journal, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        try {
            // The whole file if need be: it is bounded by the journal's size, and every line asked for is wanted.
            return LogTail.of(journal, limit, Long.MAX_VALUE).stream().filter(line -> !line.isBlank()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the event journal " + journal + ": " + e.getMessage(), e);
        }
    }
}
