package dev.isola.domains.backup;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.JsonFiles;
import dev.isola.domains.config.DomainConfig;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes a domain's backup: a zip of what {@link BackupContents} keeps, with {@value BackupContents#MANIFEST}
 * first (the format, the domain's name and mode, when, and what it holds).
 *
 * <p>Its Derby databases and JMS store are files its isolates keep open and write while it runs,
 * and a copy of those files taken meanwhile could hold half a transaction. So a stopped domain's
 * files are copied as they are, and a running domain's isolates first copy the databases they hold
 * with Derby's own online backup ({@link StagedDatabases}), whose copies take the place of the
 * live files in the zip. A database under {@code data/} that an isolate has open but did not copy
 * (one an application opened itself, not through a datasource) refuses the backup: it cannot be
 * copied whole while it runs.
 */
public final class DomainBackup {

    /** The file a process that boots a Derby database holds an exclusive lock on for as long as it has it open. */
    private static final String DERBY_LOCK = "dbex.lck";

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
        return write(directory, config, out, StagedDatabases.NONE);
    }

    /**
     * The backup of a running domain: the databases its isolates copied ({@code staged}) in place
     * of their live files, and every other file as it is.
     *
     * @throws DatabaseInUseException if a Derby database under {@code data/} is open and was not copied
     */
    public static Summary write(DomainDirectory directory, DomainConfig config, OutputStream out, StagedDatabases staged) throws IOException {
        Map<String, Path> files = new TreeMap<>();
        for (Path file : filesOf(directory.path())) {
            String relative = relative(directory.path(), file);
            if (!staged.covers(relative)) {
                files.put(relative, file);
            }
        }
        files.putAll(staged.files());
        List<Path> created = new ArrayList<>();
        List<FileLock> held = new ArrayList<>();
        try {
            if (staged != StagedDatabases.NONE) {
                held.addAll(lockUncopiedDatabases(directory, staged, created));
            }
            return write(config, out, files);
        } finally {
            release(held, created);
        }
    }

    private static void release(List<FileLock> locks, List<Path> created) throws IOException {
        for (FileLock lock : locks) {
            lock.channel().close();
        }
        for (Path file : created) {
            Files.deleteIfExists(file);
        }
    }

    private static Summary write(DomainConfig config, OutputStream out, Map<String, Path> files) throws IOException {
        long bytes = 0;
        for (Path file : files.values()) {
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
        for (Map.Entry<String, Path> file : files.entrySet()) {
            ZipEntry entry = new ZipEntry(file.getKey());
            entry.setLastModifiedTime(Files.getLastModifiedTime(file.getValue()));
            zip.putNextEntry(entry);
            Files.copy(file.getValue(), zip);
            zip.closeEntry();
        }
        zip.finish();
        return new Summary(files.size(), bytes);
    }

    /**
     * Takes Derby's lock of every database under {@code data/} that was not copied online, so that
     * none is opened while its files are copied: an isolate that tried would be refused by Derby
     * for as long as the copy lasts. A database some process holds already cannot be copied whole.
     */
    private static List<FileLock> lockUncopiedDatabases(DomainDirectory directory, StagedDatabases staged, List<Path> created) throws IOException {
        List<FileLock> locks = new ArrayList<>();
        boolean done = false;
        try {
            for (Path database : derbyDatabases(directory.data())) {
                String relative = relative(directory.path(), database);
                if (staged.covers(relative + "/service.properties")) {
                    continue;
                }
                Path lockFile = database.resolve(DERBY_LOCK);
                if (!Files.exists(lockFile)) {
                    created.add(lockFile);
                }
                FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock;
                try {
                    lock = channel.tryLock();
                } catch (OverlappingFileLockException e) {
                    lock = null; // held by this very process
                } catch (IOException | RuntimeException e) {
                    channel.close();
                    throw e;
                }
                if (lock == null) {
                    channel.close();
                    throw new DatabaseInUseException("the Derby database " + relative + " is open in an isolate of the domain, but not"
                            + " through a datasource or the JMS store, which the server copies while they are used (an application"
                            + " opened it itself); stop the domain to back it up");
                }
                locks.add(lock);
            }
            done = true;
            return locks;
        } finally {
            if (!done) {
                release(locks, created);
            }
        }
    }

    /** The directories below {@code data} that hold a Derby database (its {@code service.properties}). */
    private static List<Path> derbyDatabases(Path data) throws IOException {
        if (!Files.isDirectory(data)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(data)) {
            return walk.filter(p -> p.getFileName().toString().equals("service.properties") && Files.isRegularFile(p))
                    .map(Path::getParent).sorted().toList();
        }
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
