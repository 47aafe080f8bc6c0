package dev.isola.admin;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The admin isolate's {@code settings.properties}: the options of {@code bin/appserver start}
 * kept for the starts that do not give them again, one {@code name=value} line per option,
 * named without its dashes. {@code bin/appserver start} writes what it was given
 * ({@code SavedStartOptions}), the running admin isolate what it was told to change
 * ({@link LiveAdminSettings}); both write the file whole, so that a start never reads half of it.
 */
public final class KeptSettingsFile {

    private KeptSettingsFile() {
    }

    /** Writes {@code values} (option name without dashes to value) as the whole file. */
    public static void write(Path file, Map<String, String> values) {
        StringBuilder text = new StringBuilder();
        text.append("# The options bin/appserver start (or demo) was given, kept for the starts that do not give them again.\n");
        text.append("# One name=value line per option, named without its dashes; an option given to a start replaces its line.\n");
        text.append("# bin/appserver settings shows what is kept, bin/appserver settings --reset forgets it.\n");
        values.forEach((name, value) -> text.append(name).append('=').append(value).append('\n'));
        try {
            Files.createDirectories(file.getParent());
            Path temporary = Files.createTempFile(file.getParent(), "settings", ".tmp");
            try {
                Files.writeString(temporary, text, StandardCharsets.UTF_8);
                try {
                    Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(temporary);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save the options given to " + file, e);
        }
    }

    /** Keeps {@code changes} beside what the file keeps already, replacing their lines. */
    public static void keep(Path file, Map<String, String> changes) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (NoSuchFileException e) {
            // nothing kept yet
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        Map<String, String> values = new LinkedHashMap<>();
        properties.stringPropertyNames().stream().sorted().forEach(name -> values.put(name, properties.getProperty(name).strip()));
        values.putAll(changes);
        write(file, values);
    }
}
