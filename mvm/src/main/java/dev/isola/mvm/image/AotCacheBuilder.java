package dev.isola.mvm.image;

import dev.isola.mvm.io.DirectoryTrees;
import dev.isola.mvm.io.Sha256;
import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.IsolateStartException;
import dev.isola.mvm.isolate.IsolateStatus;
import dev.isola.mvm.isolate.OrphanPolicy;
import dev.isola.mvm.isolate.TerminationCause;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Records an image's AOT cache: starts a training isolate of the image with
 * {@code -XX:AOTCacheOutput}, waits for it to exit (the JDK writes the cache as the JVM
 * ends), checks the result and moves it into the cache directory with its record.
 *
 * <p>The training run is an ordinary isolate, so it goes through the same bootstrap as the
 * isolates that will use the cache (their startup classes are in it too), it is listed by
 * {@code bin/mvm ps -a}, and its output stays in its run directory.
 */
final class AotCacheBuilder {

    private final Path mvmHome;
    private final ContentHashes hashes;

    AotCacheBuilder(Path mvmHome, ContentHashes hashes) {
        this.mvmHome = mvmHome;
        this.hashes = hashes;
    }

    /**
     * Trains {@code image} under the flags of {@code key} and stores the cache in {@code directory}.
     *
     * @throws IOException saying why no cache came out, and where the training run's output is
     */
    AotCache train(Image image, CacheKey key, Path directory) throws IOException {
        TrainingRun run = image.training().orElseThrow(() -> new IllegalArgumentException("image '" + image.name() + "' has no training run"));
        Files.createDirectories(directory);
        Path work = Files.createTempDirectory(directory, ".build-");
        try {
            Path output = work.resolve(AotCache.FILE_NAME);
            Instant begin = Instant.now();
            Isolate training = new Isolate(trainingSpec(image, run, key, output), mvmHome);
            Path log = training.runDirectory().orElseThrow().resolve("stdout.log");
            try {
                training.start();
            } catch (IsolateStartException e) {
                throw new IOException("training run of image '" + image.name() + "' did not start: " + e.getMessage(), e);
            }
            IsolateStatus.Terminated end = awaitEnd(training, run, image, log);
            if (!(end.cause() instanceof TerminationCause.Exited(int code)) || code != 0) {
                throw new IOException("training run of image '" + image.name() + "' (" + run.mainClass() + ") "
                        + end.cause().describe() + "; no cache was recorded. Its output: " + log.getParent() + "\n"
                        + tail(log.resolveSibling("stderr.log")));
            }
            if (!Files.isRegularFile(output) || Files.size(output) == 0) {
                throw new IOException("training run of image '" + image.name() + "' ended normally but the JDK wrote no cache to "
                        + output + "; see " + log + "\n" + tail(log));
            }
            long size = Files.size(output);
            String digest = Sha256.of(output);
            Path file = directory.resolve(AotCache.FILE_NAME);
            Files.deleteIfExists(directory.resolve(AotCache.RECORD_NAME));
            Files.move(output, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            AotCache cache = new AotCache(key, file, size, digest, Instant.now(), Duration.between(begin, Instant.now()), training.id());
            cache.writeRecord();
            // The first isolate to use the new cache should not have to hash it.
            hashes.remember(file, digest);
            return cache;
        } finally {
            deleteTree(work);
        }
    }

    private IsolateSpec trainingSpec(Image image, TrainingRun run, CacheKey key, Path output) {
        String name = (image.name().length() > 54 ? image.name().substring(0, 54) : image.name()) + "-training";
        IsolateSpec.Builder spec = IsolateSpec.builder(run.mainClass())
                .name(name)
                .arguments(run.arguments())
                .image(image)
                // A training run whose creator died has nobody to hand its cache to.
                .orphanPolicy(OrphanPolicy.EXIT)
                .startTimeout(run.timeout())
                .jvmOption("-XX:AOTCacheOutput=" + output);
        for (String flag : key.flags()) {
            if (flag.equals("-XX:+UseZGC")) {
                spec.collector(GarbageCollector.Z);
            } else if (flag.startsWith("-D")) {
                int equals = flag.indexOf('=');
                spec.systemProperty(flag.substring(2, equals < 0 ? flag.length() : equals), equals < 0 ? "" : flag.substring(equals + 1));
            } else {
                spec.jvmOption(flag);
            }
        }
        return spec.build();
    }

    private static IsolateStatus.Terminated awaitEnd(Isolate training, TrainingRun run, Image image, Path log) throws IOException {
        try {
            return training.onExit().get(run.timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            training.halt(1).join();
            throw new IOException("training run of image '" + image.name() + "' (" + run.mainClass() + ") did not finish within "
                    + run.timeout() + " and was halted; its output: " + log);
        } catch (InterruptedException e) {
            training.halt(1).join();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while training image '" + image.name() + "'", e);
        } catch (ExecutionException e) {
            throw new IOException("training run of image '" + image.name() + "' failed: " + e.getCause(), e.getCause());
        }
    }

    private static String tail(Path file) {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            long from = Math.max(0, raf.length() - 2048);
            byte[] bytes = new byte[(int) (raf.length() - from)];
            raf.seek(from);
            raf.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "";
        }
    }

    private static void deleteTree(Path root) {
        try {
            DirectoryTrees.delete(root);
        } catch (IOException ignored) {
            // Leftover build directories start with '.' and are ignored by lookups and listings.
        }
    }
}
