package dev.isola.mvm.image;

import dev.isola.mvm.io.Sha256;
import dev.isola.mvm.isolate.IsolateSpec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;

/**
 * The AOT caches of the images of one mvm home: finds the cache an isolate should start
 * with, and records caches from their images' training runs.
 *
 * <pre>
 *   Isolate.start ── lookup(spec) ──▶ key = JDK + jar digests + flags ──▶ images/&lt;image&gt;/&lt;key id&gt;/
 *                        │                                                 record present, size and
 *                        │                                                 SHA-256 match?
 *        Ready(cache) ◀──┤ yes: start with -XX:AOTCache
 *     Unusable(reason) ◀─┘ no:  start without it, warn once, rebuild in the background
 * </pre>
 *
 * <p>A missing, stale or damaged cache never stops an isolate and never delays it: the
 * lookup only reads a small record and remembered digests (a file is hashed once per
 * version), and the rebuild runs on another thread. While a key is unusable the runtime
 * logs one warning for it, at the first isolate that has to do without; the next warning
 * for that key comes only after it has been usable again. A failed rebuild is logged with
 * the training run's output and retried no sooner than {@link #RETRY_AFTER_FAILURE}.
 *
 * <p>Builds of one key are serialised across processes by a lock file, so two runtimes of
 * one home never train the same cache twice at once; the second finds the first's result.
 */
public final class ImageCaches {

    /** How long a key whose build failed waits before the next automatic attempt. */
    public static final Duration RETRY_AFTER_FAILURE = Duration.ofMinutes(10);

    private static final System.Logger LOG = System.getLogger(ImageCaches.class.getName());
    private static final Map<Path, ImageCaches> BY_HOME = new ConcurrentHashMap<>();

    private final Path home;
    private final Path root;
    private final ContentHashes hashes;
    private final AotCacheBuilder builder;
    private final Map<String, CompletableFuture<AotCache>> builds = new ConcurrentHashMap<>();
    private final Map<String, Instant> failedAt = new ConcurrentHashMap<>();
    private final Set<String> warned = ConcurrentHashMap.newKeySet();
    private final ExecutorService executor = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("mvm-aot-build-", 0).factory());

    private ImageCaches(Path home) {
        this.home = home;
        this.root = home.resolve("images");
        this.hashes = new ContentHashes(root.resolve("content-hashes.properties"));
        this.builder = new AotCacheBuilder(home, hashes);
    }

    /** The caches of the mvm home {@code home}; one instance per home in a process. */
    public static ImageCaches of(Path home) {
        return BY_HOME.computeIfAbsent(home.toAbsolutePath().normalize(), ImageCaches::new);
    }

    /**
     * Which build of {@code image} an isolate started now would run: the start of a digest of
     * its class path entries' contents, in order. Isolates record it when they start, so that
     * an adopter can tell an isolate that still runs the code of an earlier build (the image's
     * jars were rebuilt since) from one running what it would start itself. A jar rebuilt with
     * the same content is the same build. Empty when an entry is not a readable file (a
     * directory of classes, as in a development class path): such an image's build is not told.
     */
    public Optional<String> buildOf(Image image) {
        StringBuilder contents = new StringBuilder();
        try {
            for (Path entry : image.classPath()) {
                contents.append(hashes.sha256(entry)).append('\n');
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.of(Sha256.of(contents.toString().getBytes(StandardCharsets.UTF_8)).substring(0, 16));
    }

    /** Where the caches of {@code image} are kept. */
    public Path directoryOf(String image) {
        return root.resolve(image);
    }

    /**
     * The cache an isolate of {@code spec} should start with. Never blocks on a build and
     * never throws: anything wrong with the cache makes the answer {@link CacheLookup.Unusable}.
     */
    public CacheLookup lookup(IsolateSpec spec) {
        Image image = spec.image();
        if (image.training().isEmpty()) {
            return new CacheLookup.NotWanted("image '" + image.name() + "' has no training run");
        }
        if (CacheFlags.managesOwnCache(spec)) {
            return new CacheLookup.NotWanted("isolate '" + spec.name() + "' sets its own AOT cache flags");
        }
        CacheKey key;
        try {
            key = CacheKey.of(image, CacheFlags.of(spec), hashes);
        } catch (IOException | RuntimeException e) {
            return unusable(spec, "image:" + image.name(), "cannot compute its key: " + e.getMessage(), null);
        }
        try {
            AotCache cache = verified(key);
            warned.remove(key.id());
            return new CacheLookup.Ready(cache);
        } catch (IOException | RuntimeException e) {
            return unusable(spec, key.id(), e.getMessage(), key);
        }
    }

    /**
     * The cache for isolates like {@code spec}: the stored one if it verifies, otherwise a new
     * one from the image's training run. Joins a build of the same key already under way.
     *
     * @return completes with the cache, or exceptionally with an {@link IOException} that
     *         says why none could be recorded
     * @throws IllegalArgumentException if the image has no training run
     */
    public CompletableFuture<AotCache> ensure(IsolateSpec spec) {
        Image image = spec.image();
        if (image.training().isEmpty()) {
            throw new IllegalArgumentException("image '" + image.name() + "' has no training run, so it has no AOT cache");
        }
        CacheKey key;
        try {
            key = CacheKey.of(image, CacheFlags.of(spec), hashes);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
        try {
            return CompletableFuture.completedFuture(verified(key));
        } catch (IOException | RuntimeException e) {
            return build(spec, key);
        }
    }

    /** The build of the cache for isolates like {@code spec} that is under way, if any. */
    public Optional<CompletableFuture<AotCache>> buildInProgress(IsolateSpec spec) {
        try {
            CacheKey key = CacheKey.of(spec.image(), CacheFlags.of(spec), hashes);
            return Optional.ofNullable(builds.get(key.id())).map(CompletableFuture::copy);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Every cache stored in this home, by image and age, whether or not it still verifies. */
    public List<AotCache> list() {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        List<AotCache> caches = new ArrayList<>();
        try (Stream<Path> images = Files.list(root)) {
            for (Path imageDir : images.filter(Files::isDirectory).sorted().toList()) {
                try (Stream<Path> keys = Files.list(imageDir)) {
                    for (Path keyDir : keys.filter(Files::isDirectory).filter(p -> !p.getFileName().toString().startsWith(".")).toList()) {
                        try {
                            caches.add(AotCache.read(keyDir));
                        } catch (IOException e) {
                            LOG.log(System.Logger.Level.DEBUG, "skipping " + keyDir + ": " + e.getMessage());
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the image caches in " + root, e);
        }
        caches.sort(Comparator.comparing((AotCache c) -> c.key().image()).thenComparing(AotCache::createdAt));
        return caches;
    }

    /** Checks that the stored cache for {@code key} is complete and unchanged. */
    public boolean verifies(AotCache cache) {
        try {
            verified(cache.key());
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * The stored cache for {@code key}, checked against its record.
     *
     * @throws IOException saying what is wrong: missing, stale, truncated or damaged
     */
    private AotCache verified(CacheKey key) throws IOException {
        Path directory = root.resolve(key.image()).resolve(key.id());
        AotCache cache;
        try {
            cache = AotCache.read(directory);
        } catch (NoSuchFileException e) {
            throw new IOException(otherKeysExist(key) ? "its cache is stale (recorded for another JDK, class path or flags)"
                    : "no cache has been recorded yet");
        }
        if (!cache.key().equals(key)) {
            throw new IOException("the record in " + directory + " is for another key");
        }
        if (!Files.isRegularFile(cache.file())) {
            throw new IOException("cache file " + cache.file() + " is missing");
        }
        long size = Files.size(cache.file());
        if (size != cache.size()) {
            throw new IOException("cache file " + cache.file() + " is corrupt: " + size + " bytes, recorded " + cache.size());
        }
        if (!hashes.sha256(cache.file()).equals(cache.sha256())) {
            throw new IOException("cache file " + cache.file() + " is corrupt: its content differs from the recorded SHA-256");
        }
        return cache;
    }

    private boolean otherKeysExist(CacheKey key) {
        try (Stream<Path> keys = Files.list(root.resolve(key.image()))) {
            return keys.anyMatch(p -> Files.isRegularFile(p.resolve(AotCache.RECORD_NAME)));
        } catch (IOException e) {
            return false;
        }
    }

    private CacheLookup unusable(IsolateSpec spec, String warnKey, String reason, CacheKey key) {
        boolean rebuilding = key != null && scheduleRebuild(spec, key);
        String message = "isolate '" + spec.name() + "' of image '" + spec.image().name() + "' starts without its AOT cache: " + reason
                + (rebuilding ? "; rebuilding the cache in the background" : "");
        LOG.log(warned.add(warnKey) ? System.Logger.Level.WARNING : System.Logger.Level.DEBUG, message);
        return new CacheLookup.Unusable(reason);
    }

    /** Starts a background build of {@code key} unless one runs or recently failed; true if one is under way. */
    private boolean scheduleRebuild(IsolateSpec spec, CacheKey key) {
        Instant failed = failedAt.get(key.id());
        if (failed != null && failed.plus(RETRY_AFTER_FAILURE).isAfter(Instant.now()) && !builds.containsKey(key.id())) {
            return false;
        }
        build(spec, key);
        return true;
    }

    private CompletableFuture<AotCache> build(IsolateSpec spec, CacheKey key) {
        CompletableFuture<AotCache> future = new CompletableFuture<>();
        CompletableFuture<AotCache> running = builds.putIfAbsent(key.id(), future);
        if (running != null) {
            return running.copy();
        }
        executor.execute(() -> {
            try {
                AotCache cache = buildLocked(spec.image(), key);
                failedAt.remove(key.id());
                LOG.log(System.Logger.Level.INFO, "recorded the AOT cache of image '" + key.image() + "' (" + cache.size() / (1024 * 1024)
                        + " MB in " + cache.training().toMillis() + " ms): " + cache.file());
                future.complete(cache);
            } catch (IOException | RuntimeException e) {
                failedAt.put(key.id(), Instant.now());
                LOG.log(System.Logger.Level.WARNING, "cannot record the AOT cache of image '" + key.image() + "': " + e.getMessage());
                future.completeExceptionally(e);
            } finally {
                builds.remove(key.id(), future);
            }
        });
        return future.copy();
    }

    private AotCache buildLocked(Image image, CacheKey key) throws IOException {
        Path directory = root.resolve(key.image()).resolve(key.id());
        Files.createDirectories(directory);
        try (FileChannel channel = FileChannel.open(directory.resolve("build.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock ignored = channel.lock()) {
            try {
                // Another process may have recorded it while this one waited for the lock.
                return verified(key);
            } catch (IOException notYet) {
                return builder.train(image, key, directory);
            }
        }
    }

    @Override
    public String toString() {
        return "ImageCaches[" + home + "]";
    }
}
