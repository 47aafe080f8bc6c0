package dev.isola.domains.isolate;

import dev.isola.domains.isolate.cacheprobe.CacheProbeMain;
import dev.isola.domains.isolate.cacheprobe.Greeting;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Why {@link WarmUpArchive} exists, checked against the JVM itself rather than assumed: an AOT
 * cache recorded with an application's classes (defined by a class loader of the application's
 * own, as a domain's deployment is) serves each of them to the first loader of the process that
 * defines the class with the same bytes, and to no later one. A spare's warm-up deploys first, so
 * it must deploy the marked copy, whose classes miss the cache and leave it to the domain's own
 * deployment. Real JVMs with a real cache: one training run, then one run per order of loading.
 */
class WarmUpArchiveCacheIT {

    private static final String GREETING = Greeting.class.getName();
    private static final String SHARED = "source: shared objects file";

    @TempDir
    Path dir;

    private Path probe;
    private Path application;
    private Path cache;

    @BeforeEach
    void recordACacheWithTheApplicationsClasses() throws Exception {
        probe = jar(dir.resolve("probe.jar"), CacheProbeMain.class);
        application = jar(dir.resolve("application.jar"), Greeting.class);
        cache = dir.resolve("application.aot");
        List<String> training = run("-XX:AOTCacheOutput=" + cache, application.toString());
        assertTrue(Files.isRegularFile(cache) && Files.size(cache) > 0, "the training run wrote no cache: " + training);
        assertTrue(training.contains("said: hello from loader-0"), "the training run ran the application: " + training);
    }

    @Test
    void theFirstLoaderTakesTheCachedClassAndTheNextGetsNone() throws Exception {
        List<String> loads = loads(runWithTheCache(application, application));

        assertEquals(2, loads.size(), "both loaders define the class: " + loads);
        assertTrue(loads.get(0).contains(SHARED), "the first loader gets the cached class: " + loads);
        assertFalse(loads.get(1).contains(SHARED), "the cache serves a class once per process, so the second loader parses its own: " + loads);
    }

    @Test
    void theWarmUpsMarkedCopyLeavesTheCachedClassToTheDeploymentAfterIt() throws Exception {
        Path copy = dir.resolve("warm-up-copy.jar");
        WarmUpArchive.copy(application, copy);

        List<String> output = runWithTheCache(copy, application);
        List<String> loads = loads(output);

        assertEquals(2, loads.size(), "both loaders define the class: " + loads);
        assertFalse(loads.get(0).contains(SHARED), "the warm-up's copy misses the cache: " + loads);
        assertTrue(loads.get(0).contains(copy.getFileName().toString()), "and is parsed from the copy: " + loads);
        assertTrue(loads.get(1).contains(SHARED), "the deployment after it gets the cached class: " + loads);
        assertEquals(List.of("said: hello from loader-0", "said: hello from loader-1"),
                output.stream().filter(line -> line.startsWith("said: ")).toList(), "both copies run: " + output);
    }

    private List<String> runWithTheCache(Path... archives) throws Exception {
        List<String> arguments = new ArrayList<>(List.of("-XX:AOTCache=" + cache, "-XX:AOTMode=on", "-Xlog:class+load=info"));
        for (Path archive : archives) {
            arguments.add(archive.toString());
        }
        return run(arguments.toArray(String[]::new));
    }

    /** The log lines of the application's class being loaded, in order. */
    private static List<String> loads(List<String> output) {
        return output.stream().filter(line -> line.contains(" " + GREETING + " source: ")).toList();
    }

    /**
     * Runs {@link CacheProbeMain} in a JVM of this JDK with {@code options} (those starting with "-") and archives (the
     * rest); returns its output, stdout and stderr together, and fails the test if it does not exit normally.
     */
    private List<String> run(String... optionsAndArchives) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        List<String> archives = new ArrayList<>();
        for (String argument : optionsAndArchives) {
            (argument.startsWith("-") ? command : archives).add(argument);
        }
        command.addAll(List.of("-cp", probe.toString(), CacheProbeMain.class.getName()));
        command.addAll(archives);
        Path log = Files.createTempFile(dir, "jvm-", ".log");
        Process jvm = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!jvm.waitFor(2, TimeUnit.MINUTES)) {
            jvm.destroyForcibly().waitFor();
            fail("the JVM did not end within two minutes: " + command + "\n" + Files.readString(log));
        }
        List<String> output = Files.readAllLines(log);
        assertEquals(0, jvm.exitValue(), "the JVM failed: " + command + "\n" + String.join("\n", output));
        return output;
    }

    /** A jar of {@code classes}, copied from this test's class path. */
    private static Path jar(Path jar, Class<?>... classes) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(file)) {
            for (Class<?> type : classes) {
                String entry = type.getName().replace('.', '/') + ".class";
                zip.putNextEntry(new ZipEntry(entry));
                try (InputStream bytes = type.getClassLoader().getResourceAsStream(entry)) {
                    bytes.transferTo(zip);
                }
                zip.closeEntry();
            }
        }
        return jar;
    }
}
