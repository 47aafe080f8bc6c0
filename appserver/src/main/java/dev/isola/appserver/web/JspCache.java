package dev.isola.appserver.web;

import dev.isola.mvm.io.DirectoryTrees;
import dev.isola.mvm.io.Sha256;
import org.apache.catalina.util.ServerInfo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.classfile.Attributes;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.attribute.InnerClassInfo;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Jasper's compiled JSP classes, shared by all servers of one installation (the domains of one
 * domains root), so that the n-th server deploying an archive does not compile its JSPs again.
 *
 * <p>A module's entry is keyed by the SHA-256 of the deployed archive, the Tomcat version (whose
 * Jasper generated the classes) and the web module's name: {@code <root>/<tomcat>/<sha256>/<module>/}.
 * A changed archive has another digest, so it never sees stale classes. The entry holds
 * <em>generations</em>, each a directory named by its number of classes with the {@code .class}
 * files of a server's Jasper work directory (no generated sources) and a manifest, written last,
 * with each file's size, modification time and SHA-256. A server publishes a new generation
 * whenever it has compiled more classes than the newest one holds, so that the pages users reach
 * later are shared too, not only the first (each server that compiles a page loads the JSP
 * compiler, ~450 classes the image's AOT cache cannot hold because its jar is signed, and pays
 * ~28 MB for it: docs/results/breakdown/jsp-generations/). A server restores the newest
 * generation.
 *
 * <p>Jasper takes a restored class as up to date because its modification time equals the JSP's,
 * and the JSP's is the archive entry's (see {@code ArchiveExploder}), the same in every server;
 * included fragments and tag files it checks the same way. Generations are copied, never linked,
 * into a server's own work directory, so that a server's Jasper never writes a file another reads.
 *
 * <p>Generations are published whole: written into a temporary directory beside them, then moved
 * into place atomically; of two servers publishing the same number of classes the first wins, and
 * a generation never changes afterwards. A publisher removes the generations older than the newest
 * two once they have been superseded for a minute (a server may still be copying one). A
 * generation whose manifest is missing or does not match its files is reported and removed, and
 * the next older one is tried.
 */
public final class JspCache {

    private static final System.Logger LOG = System.getLogger(JspCache.class.getName());
    static final String MANIFEST = "jsp-cache.manifest";
    private static final String TEMPORARY = ".tmp-";

    /** How long a superseded generation stays for servers that may still be copying it (a copy takes milliseconds). */
    static final Duration SUPERSEDED_GRACE = Duration.ofMinutes(1);

    private final Path root;
    private final Duration supersededGrace;

    public JspCache(Path root) {
        this(root, SUPERSEDED_GRACE);
    }

    JspCache(Path root, Duration supersededGrace) {
        this.root = root.toAbsolutePath().normalize();
        this.supersededGrace = supersededGrace;
    }

    public Path root() {
        return root;
    }

    /**
     * The place of {@code module}'s classes compiled from the archive whose SHA-256 is
     * {@code archiveSha256} (the deployment digested it already, to know whether it changed).
     */
    public Path entry(String archiveSha256, String module) {
        String safeModule = module.replaceAll("[^A-Za-z0-9._-]", "_");
        if (safeModule.startsWith(".")) {
            safeModule = "_" + safeModule;
        }
        return root.resolve(ServerInfo.getServerNumber()).resolve(archiveSha256).resolve(safeModule);
    }

    /**
     * Copies the classes of the entry's newest intact generation into {@code workDirectory}.
     *
     * @return how many classes were restored: 0 if the entry has no intact generation. A generation found damaged is
     *         gone afterwards (logged), and so are any of its files already copied
     */
    public int restore(Path entry, Path workDirectory) {
        for (Path generation : generationsNewestFirst(entry)) {
            try {
                List<ManifestLine> lines = readManifest(generation);
                if (!Integer.toString(lines.size()).equals(generation.getFileName().toString())) {
                    throw new CorruptEntry(MANIFEST + " lists " + lines.size() + " classes, the generation's name says " + generation.getFileName());
                }
                for (ManifestLine line : lines) {
                    byte[] bytes = Files.readAllBytes(generation.resolve(line.path()));
                    if (bytes.length != line.size() || !Sha256.of(bytes).equals(line.sha256())) {
                        throw new CorruptEntry(line.path() + " does not match the manifest (size " + bytes.length + ", expected " + line.size() + ")");
                    }
                    Path target = workDirectory.resolve(line.path());
                    Files.createDirectories(target.getParent());
                    Files.write(target, bytes);
                    Files.setLastModifiedTime(target, FileTime.fromMillis(line.modified()));
                }
                return lines.size();
            } catch (CorruptEntry | IOException e) {
                LOG.log(System.Logger.Level.WARNING, "ignoring the JSP cache entry " + generation + ", which is incomplete or corrupt ("
                        + e.getMessage() + "); it is removed and an older generation is tried, or the module's JSPs are compiled afresh");
                deleteTree(workDirectory);
                discard(generation);
            }
        }
        return 0;
    }

    /**
     * Publishes the classes Jasper compiled in {@code workDirectory} as a new generation of {@code entry}, if they are
     * more than the newest generation holds, leaving out any class not complete yet (a class file still being written,
     * or one whose nested classes are missing).
     *
     * @return whether this call published a generation
     */
    public boolean publish(Path entry, Path workDirectory) {
        if (!Files.isDirectory(workDirectory)) {
            return false;
        }
        Path temporary = root.resolve(TEMPORARY + UUID.randomUUID());
        try {
            TreeMap<String, byte[]> classes = completeClasses(workDirectory);
            if (classes.size() <= newestSize(entry)) {
                return false;
            }
            StringBuilder manifest = new StringBuilder();
            for (var e : classes.entrySet()) {
                Path source = workDirectory.resolve(e.getKey());
                Path target = temporary.resolve(e.getKey());
                Files.createDirectories(target.getParent());
                Files.write(target, e.getValue());
                long modified = Files.getLastModifiedTime(source).toMillis();
                Files.setLastModifiedTime(target, FileTime.fromMillis(modified));
                manifest.append(e.getKey()).append('\t').append(e.getValue().length).append('\t').append(modified).append('\t')
                        .append(Sha256.of(e.getValue())).append('\n');
            }
            Files.writeString(temporary.resolve(MANIFEST), manifest);
            Files.createDirectories(entry);
            Path generation = entry.resolve(Integer.toString(classes.size()));
            Files.move(temporary, generation, StandardCopyOption.ATOMIC_MOVE);
            LOG.log(System.Logger.Level.INFO, "published " + classes.size() + " compiled JSP class(es) to " + generation);
            pruneSuperseded(entry);
            return true;
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
            return false;
        } catch (IOException | UncheckedIOException e) {
            LOG.log(System.Logger.Level.WARNING, "could not publish compiled JSPs of " + workDirectory + " to " + entry + ": " + e);
            return false;
        } finally {
            deleteTree(temporary);
        }
    }

    /** The entry's generations, the one with most classes first; none if the entry does not exist or cannot be read. */
    static List<Path> generationsNewestFirst(Path entry) {
        if (!Files.isDirectory(entry)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(entry)) {
            return children.filter(c -> c.getFileName().toString().matches("[0-9]{1,9}") && Files.isDirectory(c))
                    .sorted(Comparator.comparingInt((Path c) -> Integer.parseInt(c.getFileName().toString())).reversed())
                    .toList();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot list the JSP cache entry " + entry + ": " + e);
            return List.of();
        }
    }

    /**
     * Removes the generations older than the newest two that were published more than the grace period ago: every
     * generation holds all classes of the one before, so keeping them all would grow the entry with the square of a
     * module's pages. The newest two stay, and younger ones, because a server may be copying them right now.
     */
    private void pruneSuperseded(Path entry) {
        List<Path> generations = generationsNewestFirst(entry);
        long cutoff = System.currentTimeMillis() - supersededGrace.toMillis();
        for (Path old : generations.subList(Math.min(2, generations.size()), generations.size())) {
            try {
                if (Files.getLastModifiedTime(old).toMillis() <= cutoff) {
                    discard(old);
                }
            } catch (IOException e) {
                // gone already: another server pruned it
            }
        }
    }

    /** How many classes the newest generation holds, by its name (0 if none). */
    private static int newestSize(Path entry) {
        return generationsNewestFirst(entry).stream().findFirst().map(g -> Integer.parseInt(g.getFileName().toString())).orElse(0);
    }

    /** The work directory's class files (relative paths with '/'), leaving out any not complete yet. */
    private static TreeMap<String, byte[]> completeClasses(Path workDirectory) throws IOException {
        TreeMap<String, byte[]> classes = new TreeMap<>();
        try (Stream<Path> files = Files.walk(workDirectory)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class") && Files.isRegularFile(f)).toList()) {
                classes.put(workDirectory.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
            }
        }
        Set<String> names = classes.keySet().stream().map(n -> n.substring(0, n.length() - ".class".length())).collect(Collectors.toSet());
        List<String> incomplete = new ArrayList<>();
        for (var e : classes.entrySet()) {
            try {
                ClassModel model = ClassFile.of().parse(e.getValue());
                model.forEach(element -> { });
                String self = model.thisClass().asInternalName();
                for (InnerClassInfo inner : model.findAttribute(Attributes.innerClasses()).map(a -> a.classes()).orElse(List.of())) {
                    boolean mine = inner.outerClass().map(o -> o.asInternalName().equals(self)).orElse(false);
                    if (mine && !names.contains(inner.innerClass().asInternalName())) {
                        incomplete.add(e.getKey());
                    }
                }
            } catch (IllegalArgumentException ex) {
                incomplete.add(e.getKey());
            }
        }
        incomplete.forEach(classes::remove);
        return classes;
    }

    private static List<ManifestLine> readManifest(Path generation) throws IOException, CorruptEntry {
        Path manifest = generation.resolve(MANIFEST);
        if (!Files.isRegularFile(manifest)) {
            throw new CorruptEntry("it has no " + MANIFEST);
        }
        List<ManifestLine> lines = new ArrayList<>();
        int number = 0;
        for (String line : Files.readAllLines(manifest, StandardCharsets.UTF_8)) {
            number++;
            String[] f = line.split("\t");
            if (f.length != 4 || f[0].startsWith("/") || f[0].contains("..") || !f[0].endsWith(".class")) {
                throw new CorruptEntry(MANIFEST + " line " + number + " is malformed: '" + line + "'");
            }
            try {
                lines.add(new ManifestLine(f[0], Long.parseLong(f[1]), Long.parseLong(f[2]), f[3]));
            } catch (NumberFormatException e) {
                throw new CorruptEntry(MANIFEST + " line " + number + " is malformed: '" + line + "'");
            }
        }
        if (lines.isEmpty()) {
            throw new CorruptEntry(MANIFEST + " lists no class");
        }
        return lines;
    }

    /** Moves a bad generation aside (atomically, so no reader sees half of it) and deletes it. */
    private void discard(Path generation) {
        Path aside = root.resolve(TEMPORARY + UUID.randomUUID());
        try {
            Files.move(generation, aside, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            aside = generation;
        } catch (IOException e) {
            return; // another server discarded it first
        }
        deleteTree(aside);
    }

    private static void deleteTree(Path directory) {
        try {
            DirectoryTrees.delete(directory);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "could not delete " + directory + ": " + e);
        }
    }

    private record ManifestLine(String path, long size, long modified, String sha256) { }

    private static final class CorruptEntry extends Exception {
        CorruptEntry(String message) {
            super(message);
        }
    }
}
