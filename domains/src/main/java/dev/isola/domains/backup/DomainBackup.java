package dev.isola.domains.backup;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.JsonFiles;
import dev.isola.domains.config.DomainConfig;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes a domain's backup: a zip of what {@link BackupContents} keeps, with {@value BackupContents#MANIFEST}
 * first (the format, the domain's name and mode, when, and what it holds). The domain must not
 * run while it is written: its Derby databases and JMS store are files its isolates keep open and
 * write, and a copy taken meanwhile could hold half a transaction. GlassFish's
 * {@code backup-domain} asks the same.
 */
public final class DomainBackup {

    /** What a backup held once written. */
    public record Summary(int files, long bytes) {
    }

    private DomainBackup() {
    }

    /**
     * @param directory the domain's directory (the domain stopped, and kept so while this runs)
     * @param config    its configuration, for the manifest
     * @param out       where the zip goes; not closed
     */
    public static Summary write(DomainDirectory directory, DomainConfig config, OutputStream out) throws IOException {
        List<Path> files = filesOf(directory.path());
        long bytes = 0;
        for (Path file : files) {
            bytes += Files.size(file);
        }
        ObjectNode manifest = JsonFiles.MAPPER.createObjectNode();
        manifest.put("format", BackupContents.FORMAT);
        manifest.put("domain", config.name());
        manifest.put("mode", config.mode().key());
        manifest.put("createdAt", Instant.now().toString());
        manifest.put("files", files.size());
        manifest.put("bytes", bytes);
        ZipOutputStream zip = new ZipOutputStream(out, StandardCharsets.UTF_8); // finished, not closed: the caller's stream stays open
        zip.putNextEntry(new ZipEntry(BackupContents.MANIFEST));
        zip.write(JsonFiles.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(manifest));
        zip.closeEntry();
        for (Path file : files) {
            ZipEntry entry = new ZipEntry(relative(directory.path(), file));
            entry.setLastModifiedTime(Files.getLastModifiedTime(file));
            zip.putNextEntry(entry);
            Files.copy(file, zip);
            zip.closeEntry();
        }
        zip.finish();
        return new Summary(files.size(), bytes);
    }

    /** The regular files a backup holds, in a stable order; links are not followed (a domain's files are its own). */
    static List<Path> filesOf(Path domain) throws IOException {
        try (Stream<Path> walk = Files.walk(domain)) {
            return walk.filter(Files::isRegularFile).filter(p -> !Files.isSymbolicLink(p))
                    .filter(p -> BackupContents.holds(relative(domain, p))).sorted().toList();
        }
    }

    static String relative(Path domain, Path file) {
        return domain.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
    }
}
