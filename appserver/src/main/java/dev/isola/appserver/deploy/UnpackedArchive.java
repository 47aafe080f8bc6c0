package dev.isola.appserver.deploy;

import dev.isola.mvm.io.DirectoryTrees;
import dev.isola.mvm.io.Sha256;
import org.jboss.jandex.Index;
import org.jboss.jandex.IndexReader;
import org.jboss.jandex.IndexView;
import org.jboss.jandex.IndexWriter;
import org.jboss.jandex.UnsupportedVersion;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A deployment's archive unpacked in {@code <work>/<deployment>} with the annotation indexes of
 * its modules and libraries, kept for the next deployment of the same archive bytes: a server's
 * start redeploys its applications, and unpacking and indexing archives that had not changed took
 * ~9 % of a domain restart's main thread.
 *
 * <pre>
 *   <work>/<deployment>/
 *     archive/               the EAR unpacked                          ┐ taken over by the next deployment
 *     modules/<uri>/         each module unpacked                      │ when the record matches the archive
 *     indexes/<path>.idx     the Jandex index of each module and JAR   │ (size, SHA-256) and every index
 *     unpacked.properties    the record, written last                  ┘ reads back as recorded
 *     jsp/, passivated/, …   this run's state: deleted at every deployment
 * </pre>
 *
 * <p>The record is written only once everything was unpacked and indexed, through a temporary
 * file moved into place atomically, so that a deployment cut short (a crash, a kill) leaves no
 * record and the next one unpacks afresh. It holds the archive's size and SHA-256 and each index
 * file's SHA-256. The layout is not recorded: {@link ApplicationLayout#read} reads it again from
 * the unpacked descriptors, which are small, so that one set of rules says what the modules are.
 *
 * <p>Whether a deployment reuses the tree is decided here only, and logged at FINE with the
 * reason when it does not. A failed deployment and an undeployment delete the whole directory,
 * record and all; only stopping the server ({@link #keepWhenRemoved}) leaves the archive unpacked.
 */
final class UnpackedArchive {

    private static final System.Logger LOG = System.getLogger(UnpackedArchive.class.getName());

    static final String RECORD = "unpacked.properties";
    static final String INDEXES = "indexes";
    private static final String ARCHIVE_SIZE = "archive.size";
    private static final String ARCHIVE_SHA256 = "archive.sha256";
    /** Followed by an unpacked module directory or library JAR, relative to the deployment directory; the value is its index file's SHA-256. */
    private static final String INDEX = "index.";
    /** What the next deployment of the same archive takes over; everything else in the directory belongs to one run. */
    private static final Set<String> REUSABLE = Set.of("archive", "modules", INDEXES, RECORD);

    private final Path archive;
    private final Path directory;
    private final String deployment;
    private volatile boolean keepWhenRemoved;
    private String archiveSha256;

    /** @param directory {@code <work>/<deployment>} */
    UnpackedArchive(Path archive, Path directory) {
        this.archive = archive;
        this.directory = directory.toAbsolutePath().normalize();
        this.deployment = directory.getFileName().toString();
    }

    /**
     * The layout of the archive: read from the tree an earlier deployment of the same bytes left,
     * or, failing that, from the archive unpacked and indexed afresh, recorded for next time.
     *
     * @throws DeploymentException naming what is wrong with the archive
     */
    ApplicationLayout layout() {
        ArchiveType type = ApplicationLayout.deployableType(archive);
        long size;
        String sha256;
        // digested before anything is unpacked: should the archive be replaced meanwhile, the record names the
        // bytes it had before, which the new ones do not match, so a mixed tree is never taken for the new archive
        try {
            size = Files.size(archive);
            sha256 = Sha256.of(archive);
        } catch (IOException e) {
            throw DeploymentException.of(deployment, "cannot read archive " + archive + ": " + e);
        }
        archiveSha256 = sha256;
        try {
            ApplicationLayout layout = ApplicationLayout.read(archive, type, directory, new Recorded(recordedIndexes(size, sha256)));
            removeRunState();
            LOG.log(System.Logger.Level.DEBUG, () -> "application " + deployment + ": reusing " + directory
                    + ", unpacked and indexed by an earlier deployment of the same archive");
            return layout;
        } catch (NotReusable e) {
            LOG.log(System.Logger.Level.DEBUG, () -> "application " + deployment + ": unpacking " + archive + " afresh, "
                    + e.getMessage());
        }
        deleteTree(directory);
        Unpacking unpacking = new Unpacking();
        ApplicationLayout layout = ApplicationLayout.read(archive, type, directory, unpacking);
        unpacking.record(size, sha256);
        return layout;
    }

    /** The SHA-256 of the archive {@link #layout} read: what keys its modules' compiled JSPs too (see {@code JspCache}). */
    String archiveSha256() {
        return archiveSha256;
    }

    /** From now on, {@link #remove} leaves what the next deployment of the same archive reuses: the server is stopping. */
    void keepWhenRemoved() {
        keepWhenRemoved = true;
    }

    /** Deletes the deployment's directory, or, if it is to be kept, this run's state in it. */
    void remove() {
        // a tree without a record is never reused, so there is nothing to keep
        if (keepWhenRemoved && Files.isRegularFile(directory.resolve(RECORD))) {
            removeRunState();
        } else {
            deleteTree(directory);
        }
    }

    /**
     * The indexes the record lists, read back, when the record is of {@code size} bytes with
     * digest {@code sha256} and every unpacked directory or JAR it lists is there.
     *
     * @throws NotReusable saying why not
     */
    private Map<String, Index> recordedIndexes(long size, String sha256) {
        Path record = directory.resolve(RECORD);
        if (!Files.isRegularFile(record)) {
            throw new NotReusable("no record of an earlier unpacking (" + record + ")");
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(record, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException | IllegalArgumentException e) {
            throw new NotReusable("the record " + record + " cannot be read: " + e);
        }
        // the size first: most changed archives differ in it, which makes the clearer reason to log
        if (!Long.toString(size).equals(p.getProperty(ARCHIVE_SIZE))) {
            throw new NotReusable("the archive has " + size + " bytes, the one unpacked had " + p.getProperty(ARCHIVE_SIZE));
        }
        if (!sha256.equals(p.getProperty(ARCHIVE_SHA256))) {
            throw new NotReusable("the archive's SHA-256 " + sha256 + " is not the unpacked one's " + p.getProperty(ARCHIVE_SHA256));
        }
        Map<String, Index> indexes = new HashMap<>();
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith(INDEX)) {
                String unpacked = key.substring(INDEX.length());
                if (!Files.exists(resolve(unpacked))) {
                    throw new NotReusable(unpacked + " is missing");
                }
                indexes.put(unpacked, readIndex(unpacked, p.getProperty(key)));
            }
        }
        return indexes;
    }

    private Index readIndex(String unpacked, String sha256) {
        Path file = indexFile(unpacked);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new NotReusable("the index " + file + " cannot be read: " + e);
        }
        if (!Sha256.of(bytes).equals(sha256)) {
            throw new NotReusable("the index " + file + " is not the one recorded (truncated or damaged)");
        }
        try {
            return new IndexReader(new ByteArrayInputStream(bytes)).read();
        } catch (IOException | UnsupportedVersion e) {
            // written by another version of Jandex than this server's
            throw new NotReusable("the index " + file + " does not read back: " + e);
        }
    }

    /** {@code unpacked} below the deployment directory; its relative path is how the record names it. */
    private Path resolve(String unpacked) {
        Path path = directory.resolve(unpacked).normalize();
        if (!path.startsWith(directory) || path.equals(directory)) {
            throw new NotReusable("the record names " + unpacked + ", which is not in " + directory);
        }
        return path;
    }

    private Path indexFile(String unpacked) {
        return directory.resolve(INDEXES).resolve(unpacked + ".idx");
    }

    /** How the record names {@code unpacked} (a path below the deployment directory): relative, '/' between the names. */
    private String relative(Path unpacked) {
        StringJoiner names = new StringJoiner("/");
        directory.relativize(unpacked.toAbsolutePath().normalize()).forEach(name -> names.add(name.toString()));
        return names.toString();
    }

    private void removeRunState() {
        try (Stream<Path> entries = Files.list(directory)) {
            for (Path entry : entries.toList()) {
                if (!REUSABLE.contains(entry.getFileName().toString())) {
                    deleteTree(entry);
                }
            }
        } catch (NoSuchFileException e) {
            // nothing to remove
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory, e);
        }
    }

    private static void deleteTree(Path path) {
        try {
            DirectoryTrees.delete(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path, e);
        }
    }

    /** The tree an earlier deployment of the same archive left: nothing is unpacked or indexed. */
    private final class Recorded implements ApplicationLayout.Source {

        private final Map<String, Index> indexes;

        Recorded(Map<String, Index> indexes) {
            this.indexes = indexes;
        }

        @Override
        public void unpack(String application, String what, Path zip, Path target) {
            if (!Files.isDirectory(target)) {
                throw new NotReusable(relative(target) + " is missing");
            }
        }

        @Override
        public IndexView index(Path unpacked, Function<Path, Index> indexer) {
            Index index = indexes.get(relative(unpacked));
            if (index == null) {
                throw new NotReusable("the record has no index of " + relative(unpacked));
            }
            return index;
        }
    }

    /** Unpacks and indexes now, and records the result for the next deployment. */
    private final class Unpacking implements ApplicationLayout.Source {

        private final Map<String, Index> indexes = new LinkedHashMap<>();

        @Override
        public void unpack(String application, String what, Path zip, Path target) {
            ArchiveExploder.explode(application, what, zip, target);
        }

        @Override
        public IndexView index(Path unpacked, Function<Path, Index> indexer) {
            Index index = indexer.apply(unpacked);
            indexes.put(relative(unpacked), index);
            return index;
        }

        /**
         * Writes the index files, then the record. A failure costs only the reuse (the next
         * deployment unpacks again), so it is logged, not thrown.
         */
        void record(long size, String sha256) {
            Properties p = new Properties();
            p.setProperty(ARCHIVE_SIZE, Long.toString(size));
            p.setProperty(ARCHIVE_SHA256, sha256);
            Path temporary = directory.resolve("." + RECORD + ".tmp");
            try {
                for (Map.Entry<String, Index> e : indexes.entrySet()) {
                    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                    new IndexWriter(bytes).write(e.getValue());
                    Path file = indexFile(e.getKey());
                    Files.createDirectories(file.getParent());
                    Files.write(file, bytes.toByteArray());
                    p.setProperty(INDEX + e.getKey(), Sha256.of(bytes.toByteArray()));
                }
                try (Writer w = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                    p.store(w, "what " + archive.getFileName() + " was unpacked and indexed from; written last: "
                            + "without it, the next deployment unpacks afresh");
                }
                Files.move(temporary, directory.resolve(RECORD), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "application " + deployment + ": cannot record " + directory
                        + " for the next deployment, which will unpack the archive again: " + e);
            }
        }
    }

    /** Why the tree in the deployment directory cannot be taken over; never leaves this class. */
    private static final class NotReusable extends RuntimeException {
        NotReusable(String reason) {
            super(reason, null, false, false);
        }
    }
}
