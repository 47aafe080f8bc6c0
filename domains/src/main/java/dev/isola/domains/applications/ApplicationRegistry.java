package dev.isola.domains.applications;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.JsonFiles;
import dev.isola.domains.JsonTrees;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The applications recorded for a domain, in deployment order. The admin isolate records an
 * application once every isolate of the domain has deployed it and removes it once undeployed;
 * a domain isolate reads the list when it starts, so that a restarted isolate comes back with
 * the same applications.
 */
public final class ApplicationRegistry {

    /** Deployment names become file and directory names and URL path segments. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    /** The fields of a record in the file: {@link ApplicationRecord}'s components, as the mapper writes them. */
    private static final List<String> RECORD_FIELDS = Arrays.stream(ApplicationRecord.class.getRecordComponents())
            .map(RecordComponent::getName).toList();

    private final DomainDirectory domain;

    public ApplicationRegistry(DomainDirectory domain) {
        this.domain = domain;
    }

    /**
     * @throws IllegalArgumentException saying what an application name may be
     */
    public static void checkName(String name) {
        if (name == null || !NAME.matcher(name).matches() || name.endsWith(".") || name.contains("..")) {
            throw new IllegalArgumentException("'" + name + "' is not a valid application name (1-100 letters, digits, '.', '_' and '-',"
                    + " starting with a letter or digit, e.g. petstore)");
        }
        // The archive is stored as <name>.ear and unpacked into <name>/: a name with an archive's extension would meet another's archive.
        if (name.matches("(?i).*\\.(ear|war|jar|rar)")) {
            throw new IllegalArgumentException("'" + name + "' is not a valid application name: it must not end in .ear, .war, .jar or .rar"
                    + " (name it " + name.substring(0, name.length() - 4) + ")");
        }
    }

    /** The recorded applications, oldest deployment first. */
    public synchronized List<ApplicationRecord> list() {
        if (!Files.exists(domain.applicationsFile())) {
            return List.of();
        }
        try {
            // Read as a tree, not bound by a mapper: a domain isolate reads this file as it starts,
            // and data binding would load jackson-databind's machinery into every domain (JsonTrees).
            JsonNode records;
            try {
                records = JsonTrees.parse(Files.readString(domain.applicationsFile()));
            } catch (JsonProcessingException e) {
                throw new IOException(JsonTrees.describe(e), e);
            }
            if (!records.isArray()) {
                throw new IOException("the file holds no array of application records");
            }
            List<ApplicationRecord> applications = new ArrayList<>();
            for (JsonNode record : records) {
                applications.add(record(record, applications.size() + 1));
            }
            return List.copyOf(applications);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + domain.applicationsFile() + ": " + e.getMessage(), e);
        }
    }

    /** The {@code position}-th record of the file, as {@link JsonFiles#write} wrote it. */
    private static ApplicationRecord record(JsonNode json, int position) throws IOException {
        String where = "application record " + position;
        if (!json.isObject()) {
            throw new IOException(where + " is not an object");
        }
        for (Iterator<String> names = json.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!RECORD_FIELDS.contains(name)) {
                throw new IOException(where + " has an unknown field '" + name + "' (known fields: " + RECORD_FIELDS + ")");
            }
        }
        JsonNode size = json.get("size");
        if (size == null) {
            throw new IOException(where + ": size is missing");
        }
        if (!size.isIntegralNumber() || !size.canConvertToLong() || size.longValue() < 0) {
            throw new IOException(where + ": size " + size + " is not a number of bytes");
        }
        Instant deployedAt;
        try {
            deployedAt = Instant.parse(text(json, "deployedAt", where));
        } catch (DateTimeParseException e) {
            throw new IOException(where + ": deployedAt '" + json.path("deployedAt").asText() + "' is not an ISO-8601 instant, e.g. 2026-11-28T04:10:00Z");
        }
        return new ApplicationRecord(text(json, "name", where), text(json, "archive", where), size.longValue(), text(json, "sha256", where),
                deployedAt);
    }

    private static String text(JsonNode json, String field, String where) throws IOException {
        JsonNode value = json.get(field);
        if (value == null || !value.isTextual()) {
            throw new IOException(where + ": " + field + (value == null ? " is missing" : " is not a string"));
        }
        return value.asText();
    }

    public Optional<ApplicationRecord> find(String name) {
        return list().stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /** Records {@code application}, replacing the record of the same name in its place (a redeploy) or appending it. */
    public synchronized void put(ApplicationRecord application) {
        List<ApplicationRecord> next = new ArrayList<>(list());
        int index = indexOf(next, application.name());
        if (index >= 0) {
            next.set(index, application);
        } else {
            next.add(application);
        }
        save(next);
    }

    /** Removes the record of {@code name}; true if there was one. */
    public synchronized boolean remove(String name) {
        List<ApplicationRecord> next = new ArrayList<>(list());
        int index = indexOf(next, name);
        if (index < 0) {
            return false;
        }
        next.remove(index);
        save(next);
        return true;
    }

    private static int indexOf(List<ApplicationRecord> records, String name) {
        for (int i = 0; i < records.size(); i++) {
            if (records.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private void save(List<ApplicationRecord> records) {
        try {
            JsonFiles.write(domain.applicationsFile(), records);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + domain.applicationsFile() + ": " + e.getMessage(), e);
        }
    }
}
