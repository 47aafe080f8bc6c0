package dev.isola.domains.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.isola.domains.JsonFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A domain's events, appended one JSON object per line to {@code logs/events.jsonl}. The
 * file only grows by whole lines, so it survives the admin isolate dying mid-way and is easy
 * to read with {@code tail} and {@code jq}; a line that cannot be read (a hand edit) is
 * skipped, not fatal.
 */
public final class EventJournal {

    private final Path file;

    public EventJournal(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    /** Appends {@code event} as one line. */
    public synchronized void append(DomainEvent event) {
        try {
            Files.createDirectories(file.getParent());
            byte[] line = (JsonFiles.MAPPER.writeValueAsString(event) + "\n").getBytes(StandardCharsets.UTF_8);
            Files.write(file, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to the event journal " + file + ": " + e.getMessage(), e);
        }
    }

    /** The last {@code limit} events, oldest first. */
    public synchronized List<DomainEvent> last(int limit) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the event journal " + file + ": " + e.getMessage(), e);
        }
        List<DomainEvent> events = new ArrayList<>();
        for (String line : lines.subList(Math.max(0, lines.size() - limit), lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            try {
                events.add(JsonFiles.MAPPER.readValue(line, DomainEvent.class));
            } catch (JsonProcessingException e) {
                System.getLogger(EventJournal.class.getName()).log(System.Logger.Level.WARNING,
                        "skipping an unreadable line of " + file + ": " + e.getOriginalMessage());
            }
        }
        return events;
    }
}
