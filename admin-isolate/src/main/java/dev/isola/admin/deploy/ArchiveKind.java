package dev.isola.admin.deploy;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** What an uploaded archive is; the stored archive gets the matching extension, which the sub-servers go by. */
public enum ArchiveKind {
    EAR(".ear"),
    WAR(".war"),
    /** An EJB module on its own. */
    JAR(".jar");

    private final String extension;

    ArchiveKind(String extension) {
        this.extension = extension;
    }

    public String extension() {
        return extension;
    }

    /** How the API spells it: ear, war, jar. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind a file name's extension says, if it says one. */
    public static Optional<ArchiveKind> ofFileName(String fileName) {
        if (fileName == null) {
            return Optional.empty();
        }
        String lower = fileName.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(k -> lower.endsWith(k.extension)).findFirst();
    }

    /**
     * @throws IllegalArgumentException naming the known kinds
     */
    public static ArchiveKind of(String key) {
        return Arrays.stream(values()).filter(k -> k.key().equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("'" + key + "' is not an archive type (expected ear, war or jar)"));
    }
}
