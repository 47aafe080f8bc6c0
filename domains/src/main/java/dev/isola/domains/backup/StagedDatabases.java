package dev.isola.domains.backup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The databases of a running domain that its isolates copied for a backup, each as of one
 * moment, while they went on serving ({@code DomainControl.backUpDatabases}): in {@code staging},
 * under the same paths as under the domain's {@code data/}. A backup takes these copies in place
 * of the live files of those databases.
 *
 * @param staging   the directory the isolates copied into
 * @param databases the databases copied, relative to {@code data/}, {@code /}-separated
 */
public record StagedDatabases(Path staging, List<String> databases) {

    /** A stopped domain's backup: nothing copied beforehand, every file taken as it is. */
    public static final StagedDatabases NONE = new StagedDatabases(Path.of(""), List.of());

    public StagedDatabases {
        databases = List.copyOf(databases);
        for (String database : databases) {
            if (database.isEmpty() || database.startsWith("/") || database.contains("\\") || List.of(database.split("/")).contains("..")) {
                throw new IllegalArgumentException("not a database path inside data/: '" + database + "'");
            }
        }
    }

    /** Whether the file at {@code relative} (in the domain directory) belongs to a database copied here. */
    boolean covers(String relative) {
        for (String database : databases) {
            if (relative.startsWith("data/" + database + "/")) {
                return true;
            }
        }
        return false;
    }

    /** The copies' files by the path they have in the domain directory (and the backup). */
    Map<String, Path> files() throws IOException {
        Map<String, Path> files = new TreeMap<>();
        for (String database : databases) {
            Path copy = staging.resolve(database);
            if (!Files.isRegularFile(copy.resolve("service.properties"))) {
                throw new IOException("the copy of database data/" + database + " is not in " + copy);
            }
            try (Stream<Path> walk = Files.walk(copy)) {
                for (Path file : walk.filter(Files::isRegularFile).toList()) {
                    files.put("data/" + database + "/" + DomainBackup.relative(copy, file), file);
                }
            }
        }
        return files;
    }
}
