package dev.isola.admin.deploy;

import java.nio.file.Path;
import java.util.List;

/**
 * An uploaded archive that passed {@link ArchiveValidator}.
 *
 * @param file          where it is (a temporary file until it is stored)
 * @param kind          EAR, WAR or EJB-JAR
 * @param size          its size in bytes
 * @param sha256        its SHA-256, hex
 * @param expandedBytes what its entries (and those of the modules inside it) expand to
 * @param modules       the modules of an EAR (URIs), or the archive itself for a WAR or JAR
 */
public record CheckedArchive(Path file, ArchiveKind kind, long size, String sha256, long expandedBytes, List<String> modules) {

    public CheckedArchive {
        modules = List.copyOf(modules);
    }
}
