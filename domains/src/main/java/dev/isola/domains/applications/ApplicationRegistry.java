package dev.isola.domains.applications;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.JsonFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
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
            return List.copyOf(JsonFiles.MAPPER.readValue(domain.applicationsFile().toFile(), new TypeReference<List<ApplicationRecord>>() { }));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + domain.applicationsFile() + ": " + e.getMessage(), e);
        }
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
