package dev.isola.appserver.deploy;

import java.nio.file.Path;
import java.util.Optional;

/** What a deployable archive is, by its file name: the Jakarta EE packaging conventions. */
public enum ArchiveType {
    EAR(".ear"), WAR(".war"), EJB_JAR(".jar");

    private final String extension;

    ArchiveType(String extension) {
        this.extension = extension;
    }

    public String extension() {
        return extension;
    }

    public static Optional<ArchiveType> of(Path archive) {
        String name = archive.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        for (ArchiveType t : values()) {
            if (name.endsWith(t.extension) && name.length() > t.extension.length()) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /** The file name without this type's extension: the default application or module name. */
    public String baseName(String fileName) {
        return fileName.substring(0, fileName.length() - extension.length());
    }
}
