package dev.isola.mvm.image;

import dev.isola.mvm.demo.DemoServer;
import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateRecord;
import dev.isola.mvm.isolate.IsolateRegistry;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.MemorySize;
import dev.isola.mvm.probe.FootprintProbe;
import dev.isola.mvm.testsupport.PackagedRuntime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A missing, stale or damaged AOT cache never stops an isolate: it starts without the
 * cache, the runtime warns once, and the cache is rebuilt in the background. Each test has
 * its own copy of the demo image's jars, so that it may change them.
 */
class ImageCacheIT {

    @TempDir
    Path home;

    private final List<Isolate> started = new ArrayList<>();
    private final List<LogRecord> warnings = new CopyOnWriteArrayList<>();
    private final Logger logger = Logger.getLogger(ImageCaches.class.getName());
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                warnings.add(record);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void captureWarnings() {
        logger.addHandler(capture);
    }

    @AfterEach
    void stopEverything() throws Exception {
        logger.removeHandler(capture);
        started.forEach(i -> i.halt(1).join());
    }

    private IsolateSpec spec(Image image, String name) {
        return IsolateSpec.builder(DemoServer.class.getName()).name(name).image(image)
                .maxHeap(MemorySize.parse("64m")).youngGeneration(MemorySize.parse("8m")).collector(GarbageCollector.SERIAL).build();
    }

    private Image demoImage(Path lib) throws IOException {
        List<Path> jars;
        try (Stream<Path> files = Files.list(lib)) {
            jars = files.sorted().toList();
        }
        return new Image("demo", Path.of(System.getProperty("java.home")), jars)
                .withTraining(new TrainingRun(DemoServer.class.getName(), List.of("--train")));
    }

    private Isolate start(IsolateSpec spec) {
        Isolate isolate = new Isolate(spec, home);
        started.add(isolate);
        return isolate.start();
    }

    private static boolean runsWithACache(Isolate isolate) throws IOException {
        return PackagedRuntime.commandLine(isolate.pid()).stream().anyMatch(arg -> arg.startsWith("-XX:AOTCache="));
    }

    @Test
    void aCorruptCacheLetsIsolatesStartWarnsOnceAndIsRebuilt() throws Exception {
        Image image = demoImage(PackagedRuntime.copyLib(home.resolve("lib")));
        ImageCaches caches = ImageCaches.of(home);
        AotCache cache = caches.ensure(spec(image, "first")).get(3, TimeUnit.MINUTES);
        // Bytes near the start of the file: a JVM given this cache crashes.
        try (RandomAccessFile file = new RandomAccessFile(cache.file().toFile(), "rw")) {
            file.seek(100);
            file.write(new byte[]{(byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef, 1, 2, 3, 4});
        }

        Isolate first = start(spec(image, "first"));
        Isolate second = start(spec(image, "second"));

        assertFalse(runsWithACache(first), "the damaged cache is not given to the JVM");
        assertFalse(runsWithACache(second));
        assertEquals(1, warnings.size(), "one warning for the damaged cache: " + warnings.stream().map(LogRecord::getMessage).toList());
        assertTrue(warnings.getFirst().getMessage().contains("corrupt"), warnings.getFirst().getMessage());

        AotCache rebuilt = awaitRebuild(caches, spec(image, "third"));
        assertEquals(cache.key(), rebuilt.key());
        assertTrue(caches.verifies(rebuilt));
        Isolate third = start(spec(image, "third"));
        assertTrue(runsWithACache(third), "isolates started after the rebuild use the cache again");
        assertTrue(FootprintProbe.summary(third.pid()).classSharing().orElseThrow().fromCache() > 1000);
        assertEquals(1, warnings.size(), "no further warnings: " + warnings.stream().map(LogRecord::getMessage).toList());
    }

    @Test
    void aCacheRecordedFromAnotherVersionOfAJarIsNotUsed() throws Exception {
        Path lib = PackagedRuntime.copyLib(home.resolve("lib"));
        Image image = demoImage(lib);
        ImageCaches caches = ImageCaches.of(home);
        AotCache old = caches.ensure(spec(image, "before")).get(3, TimeUnit.MINUTES);

        Path jar = image.classPath().stream().filter(p -> p.getFileName().toString().startsWith("jackson-core")).findFirst().orElseThrow();
        addEntry(jar, "META-INF/changed.txt");

        CacheLookup lookup = caches.lookup(spec(image, "after"));
        CacheLookup.Unusable unusable = assertInstanceOf(CacheLookup.Unusable.class, lookup);
        assertTrue(unusable.reason().contains("stale"), unusable.reason());
        Isolate after = start(spec(image, "after"));
        assertFalse(runsWithACache(after), "the old cache is not given to the JVM");
        assertFalse(PackagedRuntime.maps(after.pid(), old.file()));

        AotCache rebuilt = awaitRebuild(caches, spec(image, "after"));
        assertNotEquals(old.key().id(), rebuilt.key().id(), "the new jar gives a new key");
        assertTrue(caches.verifies(rebuilt));
    }

    @Test
    void anImageWithoutATrainingRunGetsNoCacheAndNoWarning() throws Exception {
        Image plain = new Image("plain", Path.of(System.getProperty("java.home")), List.of(PackagedRuntime.testJar()));
        CacheLookup lookup = ImageCaches.of(home).lookup(IsolateSpec.builder("dev.isola.mvm.isolate.workloads.ReturnFromMain").image(plain).build());
        assertInstanceOf(CacheLookup.NotWanted.class, lookup);
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void aSpecWithItsOwnAotFlagsGetsNoCacheFromTheRuntime() throws Exception {
        Image image = demoImage(PackagedRuntime.lib());
        IsolateSpec own = spec(image, "own").toBuilder().jvmOption("-XX:AOTMode=off").build();
        assertInstanceOf(CacheLookup.NotWanted.class, ImageCaches.of(home).lookup(own));
        assertTrue(warnings.isEmpty(), warnings.toString());
        assertTrue(ImageCaches.of(home).buildInProgress(own).isEmpty(), "nothing is built for it");
    }

    /** Waits for the background rebuild, and checks that it was started by the isolates' lookups, not by this wait. */
    private AotCache awaitRebuild(ImageCaches caches, IsolateSpec spec) throws Exception {
        Instant asked = Instant.now();
        AotCache rebuilt = caches.buildInProgress(spec).orElseGet(() -> caches.ensure(spec)).get(3, TimeUnit.MINUTES);
        IsolateRecord training = IsolateRegistry.open(home).find(rebuilt.trainedBy()).orElseThrow();
        assertTrue(training.createdAt().isBefore(asked), "the rebuild began in the background when the isolate started");
        return rebuilt;
    }

    /** Rewrites {@code jar} with one more entry: new content, as after a rebuild of the library. */
    private static void addEntry(Path jar, String name) throws IOException {
        Path rewritten = jar.resolveSibling(jar.getFileName() + ".new");
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar)); ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(rewritten))) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                out.putNextEntry(new ZipEntry(entry.getName()));
                in.transferTo(out);
                out.closeEntry();
            }
            out.putNextEntry(new ZipEntry(name));
            out.write("changed".getBytes());
            out.closeEntry();
        }
        Files.move(rewritten, jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
}
