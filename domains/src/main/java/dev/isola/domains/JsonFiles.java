package dev.isola.domains;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The JSON state files of a domain: one mapper configured once (ISO-8601 times, unknown
 * fields refused), and writes that a reader in another process sees whole or not at all.
 */
public final class JsonFiles {

    /** Times as ISO-8601 text; unknown fields are an error, so a typo in a hand-edited file is noticed. */
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private JsonFiles() {
    }

    /** Writes {@code value} as indented JSON to a sibling file, then renames it over {@code target}. */
    public static void write(Path target, Object value) throws IOException {
        writeText(target, MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value) + "\n");
    }

    /** Writes {@code text} to a sibling file, then renames it over {@code target}. */
    public static void writeText(Path target, String text) throws IOException {
        Files.createDirectories(target.getParent());
        Path temporary = target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current().pid() + "."
                + Thread.currentThread().threadId() + ".tmp");
        Files.writeString(temporary, text);
        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    public static <T> T read(Path file, Class<T> type) throws IOException {
        return MAPPER.readValue(file.toFile(), type);
    }
}
