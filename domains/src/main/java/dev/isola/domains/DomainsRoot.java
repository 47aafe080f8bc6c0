package dev.isola.domains;

import dev.isola.mvm.io.DirectoryTrees;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainConfigJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.StandardCopyOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The directory that holds every domain of an installation (default {@code var/domains/}):
 * one sub-directory per domain ({@link DomainDirectory}), and {@code .admin/} for the admin
 * isolate's own files (its log, the password hash), {@code .cache/jsp/} for compiled JSPs
 * that every domain's web sub-server shares (see {@code JspCache}), and {@code .cache/derby/} for
 * the empty Derby databases that new ones are copied from (see {@code DerbyDatabaseTemplates}).
 * A directory is a domain when it has {@code config/domain.json}; names starting with '.' are
 * never domains.
 */
public final class DomainsRoot {

    private final Path path;

    private DomainsRoot(Path path) {
        this.path = path;
    }

    public static DomainsRoot at(Path path) {
        return new DomainsRoot(path.toAbsolutePath().normalize());
    }

    public Path path() {
        return path;
    }

    /** Where the domains share compiled JSPs: {@code .cache/jsp/}, which no domain name can collide with. */
    public Path jspCache() {
        return caches().resolve("jsp");
    }

    /** Where the domains keep empty Derby databases to copy new ones from: {@code .cache/derby/}. */
    public Path databaseTemplates() {
        return caches().resolve("derby");
    }

    /** What the domains share: {@code .cache/} (compiled JSPs, Derby templates). */
    public Path caches() {
        return path.resolve(".cache");
    }

    /** Where spare domain isolates warm up, each in {@code .spares/<isolate id>/}, which no domain name can collide with. */
    public Path spares() {
        return path.resolve(".spares");
    }

    /** The admin isolate's directory: {@code .admin/}, which no domain name can collide with. */
    public Path adminDirectory() {
        return path.resolve(".admin");
    }

    /** The names of the domains, sorted. */
    public List<String> names() {
        if (!Files.isDirectory(path)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(path)) {
            return entries.filter(p -> !p.getFileName().toString().startsWith("."))
                    .filter(p -> Files.isRegularFile(new DomainDirectory(p).configFile()))
                    .map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the domains in " + path + ": " + e.getMessage(), e);
        }
    }

    /** The directory of domain {@code name}, whether it exists or not. */
    public DomainDirectory directory(String name) {
        DomainConfig.checkName(name);
        return new DomainDirectory(path.resolve(name));
    }

    /**
     * The configuration of domain {@code name}.
     *
     * @throws DomainNotFoundException listing the domains there are
     * @throws dev.isola.domains.config.DomainConfigException naming the file and field at fault
     */
    public DomainConfig load(String name) {
        DomainDirectory dir = existing(name);
        try {
            return DomainConfigJson.load(dir.configFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir.configFile() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The directory of the existing domain {@code name}.
     *
     * @throws DomainNotFoundException listing the domains there are
     */
    public DomainDirectory existing(String name) {
        DomainDirectory dir = new DomainDirectory(path.resolve(name));
        if (name == null || name.startsWith(".") || name.contains("/") || !Files.isRegularFile(dir.configFile())) {
            List<String> names = names();
            throw new DomainNotFoundException("no domain '" + name + "' in " + path + " (domains: "
                    + (names.isEmpty() ? "none; create one with deploy-tool create-domain" : String.join(", ", names)) + ")");
        }
        return dir;
    }

    /**
     * Creates the directory of a new domain with its configuration; nothing is left behind if
     * that fails.
     *
     * @throws DomainExistsException if a domain of that name exists
     */
    public DomainDirectory create(DomainConfig config) {
        DomainDirectory dir = directory(config.name());
        try {
            Files.createDirectories(path);
            Files.createDirectory(dir.path());
        } catch (FileAlreadyExistsException e) {
            throw new DomainExistsException("domain '" + config.name() + "' already exists in " + path
                    + " (delete it first, or choose another name)");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir.path() + ": " + e.getMessage(), e);
        }
        try {
            dir.createLayout();
            JsonFiles.writeText(dir.configFile(), DomainConfigJson.toText(config));
            return dir;
        } catch (IOException | RuntimeException e) {
            deleteTree(dir.path());
            throw e instanceof IOException io ? new UncheckedIOException("cannot create domain " + config.name() + ": " + io.getMessage(), io)
                    : (RuntimeException) e;
        }
    }

    /**
     * A new, empty directory in the root to unpack a domain into before it becomes one
     * ({@link #adopt}): on the same file system, so that becoming one is a rename, and with a name
     * no domain can have, so that {@link #names} never lists it.
     */
    public Path newStagingDirectory() throws IOException {
        Files.createDirectories(path);
        return Files.createTempDirectory(path, ".restore-");
    }

    /**
     * Makes {@code staging} (from {@link #newStagingDirectory}) the directory of the new domain
     * {@code config.name()}, with {@code config} as its configuration (one that waited for a next
     * start is dropped: {@code config} is what the domain starts with).
     *
     * @throws DomainExistsException if a domain of that name exists; {@code staging} is left for the caller to delete
     */
    public DomainDirectory adopt(Path staging, DomainConfig config) {
        DomainDirectory target = directory(config.name());
        if (Files.exists(target.path())) {
            throw new DomainExistsException("domain '" + config.name() + "' already exists in " + path + " (delete it first, or choose another name)");
        }
        DomainDirectory staged = new DomainDirectory(staging);
        try {
            staged.createLayout();
            JsonFiles.writeText(staged.configFile(), DomainConfigJson.toText(config));
            Files.deleteIfExists(staged.nextConfigFile());
            Files.move(staging, target.path(), StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
            throw new DomainExistsException("domain '" + config.name() + "' already exists in " + path + " (delete it first, or choose another name)");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make " + staging + " domain " + config.name() + ": " + e.getMessage(), e);
        }
        return target;
    }

    /**
     * Replaces the stored configuration of an existing domain; one that waited for its next start
     * ({@link #saveNext}) is forgotten, since this one is newer.
     */
    public void save(DomainConfig config) {
        saveKeepingNext(config);
        discardNext(config.name());
    }

    /**
     * Replaces the stored configuration of an existing domain and leaves one that waits for its next start as it is: for a
     * setting that running isolates take at once (log levels), which the caller changes in both.
     */
    public void saveKeepingNext(DomainConfig config) {
        DomainDirectory dir = existing(config.name());
        try {
            JsonFiles.writeText(dir.configFile(), DomainConfigJson.toText(config));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.configFile() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The configuration that waits for domain {@code name}'s next start ({@link DomainDirectory#nextConfigFile()}), if any.
     *
     * @throws dev.isola.domains.config.DomainConfigException naming the file and field at fault (a hand-edited file)
     */
    public Optional<DomainConfig> loadNext(String name) {
        DomainDirectory dir = existing(name);
        if (!Files.exists(dir.nextConfigFile())) {
            return Optional.empty();
        }
        try {
            return Optional.of(DomainConfigJson.load(dir.nextConfigFile()));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir.nextConfigFile() + ": " + e.getMessage(), e);
        }
    }

    /** Stores {@code config} to take effect at the domain's next start, replacing one that waited already. */
    public void saveNext(DomainConfig config) {
        DomainDirectory dir = existing(config.name());
        try {
            JsonFiles.writeText(dir.nextConfigFile(), DomainConfigJson.toText(config));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.nextConfigFile() + ": " + e.getMessage(), e);
        }
    }

    /** Forgets the configuration that waited for domain {@code name}'s next start, if any. */
    public void discardNext(String name) {
        DomainDirectory dir = existing(name);
        try {
            Files.deleteIfExists(dir.nextConfigFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir.nextConfigFile() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Makes the configuration that waited for domain {@code name}'s next start its configuration,
     * in one rename; does nothing when none waits. A waiting file that does not read (edited by
     * hand) is refused and left where it is, and the current configuration stays.
     *
     * @return the configuration applied, read once; empty when none waited
     * @throws dev.isola.domains.config.DomainConfigException naming the waiting file and the field at fault
     */
    public Optional<DomainConfig> applyNext(String name) {
        DomainDirectory dir = existing(name);
        Optional<DomainConfig> next = loadNext(name);
        if (next.isEmpty()) {
            return next;
        }
        try {
            Files.move(dir.nextConfigFile(), dir.configFile(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return next;
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + dir.nextConfigFile() + " to " + dir.configFile() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Deletes the domain's directory with everything in it (applications, data, logs).
     *
     * @throws DomainNotFoundException if there is no such domain
     */
    public void delete(String name) {
        deleteTree(existing(name).path());
    }

    /** Every configuration that loads, for checks across domains (ports); broken ones are left out. */
    public List<DomainConfig> loadAll() {
        List<DomainConfig> configs = new ArrayList<>();
        for (String name : names()) {
            try {
                configs.add(load(name));
            } catch (RuntimeException e) {
                System.getLogger(DomainsRoot.class.getName()).log(System.Logger.Level.WARNING, "domain " + name + ": " + e.getMessage());
            }
        }
        return configs;
    }

    static void deleteTree(Path root) {
        try {
            DirectoryTrees.delete(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + root + ": " + e.getMessage(), e);
        }
    }
}
