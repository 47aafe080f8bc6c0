package dev.isola.mvm.image;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CacheKeyTest {

    @TempDir
    Path dir;

    private Image image(Path... jars) {
        return new Image("app", Path.of(System.getProperty("java.home")), List.of(jars));
    }

    @Test
    void theKeyChangesWithTheContentOfAJarAndWithTheFlags() throws IOException {
        Path jar = Files.writeString(dir.resolve("app.jar"), "version 1");
        ContentHashes hashes = new ContentHashes(dir.resolve("memo.properties"));
        CacheKey first = CacheKey.of(image(jar), List.of(), hashes);

        assertEquals(first, CacheKey.of(image(jar), List.of(), new ContentHashes(dir.resolve("memo.properties"))), "same inputs, same key");
        assertNotEquals(first.id(), CacheKey.of(image(jar), List.of("-XX:+UseZGC"), hashes).id());
        Files.writeString(jar, "version 2");
        assertNotEquals(first.id(), CacheKey.of(image(jar), List.of(), hashes).id(), "a rewritten jar gives a new key");
    }

    @Test
    void aJarRebuiltWithTheSameContentButAnotherTimestampGivesANewKey() throws IOException {
        // HotSpot refuses a cache whose jar's modification time changed ("timestamp has changed"),
        // so such a jar must not find the old cache.
        Path jar = Files.writeString(dir.resolve("app.jar"), "same content");
        ContentHashes hashes = new ContentHashes(dir.resolve("memo.properties"));
        CacheKey before = CacheKey.of(image(jar), List.of(), hashes);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 5_000));
        CacheKey after = CacheKey.of(image(jar), List.of(), hashes);
        assertNotEquals(before.id(), after.id());
        assertEquals(after, CacheKey.of(image(jar), List.of(), hashes), "the new timestamp gives one stable key");
    }

    @Test
    void aCacheRecordedWithoutClassLinkingHasAKeyOfItsOwnWhoseTrainingRunGetsTheFlag() throws IOException {
        Path jar = Files.writeString(dir.resolve("app.jar"), "content");
        ContentHashes hashes = new ContentHashes(dir.resolve("memo.properties"));
        TrainingRun run = new TrainingRun("com.example.Train", List.of());
        CacheKey linked = CacheKey.of(image(jar).withTraining(run), List.of(), hashes);
        CacheKey unlinked = CacheKey.of(image(jar).withTraining(run.withoutAotClassLinking()), List.of(), hashes);
        assertNotEquals(linked.id(), unlinked.id());
        assertEquals(List.of(), linked.flags());
        assertEquals(List.of("-XX:-AOTClassLinking"), unlinked.flags(), "the key's flags are what the training run is given");
    }

    @Test
    void aKeyReadsBackFromItsDescription() throws IOException {
        Path jar = Files.writeString(dir.resolve("lib.jar"), "content");
        CacheKey key = CacheKey.of(image(jar), List.of("--add-opens=java.base/java.lang=ALL-UNNAMED"), new ContentHashes(dir.resolve("m")));
        assertEquals(key, CacheKey.parse(key.describe()));
        assertTrue(key.jdk().contains(System.getProperty("java.runtime.version").replace("-LTS", "").split("\\+")[0]), key.jdk());
    }

    @Test
    void aClassPathEntryThatIsNoJarIsNamedInTheError() {
        Path missing = dir.resolve("missing.jar");
        IOException e = assertThrows(IOException.class, () -> CacheKey.of(image(missing), List.of(), new ContentHashes(dir.resolve("m"))));
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> CacheKey.parse("image a\nbogus line"));
        assertTrue(bad.getMessage().contains("bogus line"), bad.getMessage());
    }

    @Test
    void anImageWithATrainingRunRefusesADirectoryOnItsClassPath() throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> image(classes).withTraining(new TrainingRun("com.example.Train", List.of())));
        assertTrue(e.getMessage().contains(classes.toString()) && e.getMessage().contains("jar"), e.getMessage());
    }
}
