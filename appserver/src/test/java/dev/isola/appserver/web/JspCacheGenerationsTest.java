package dev.isola.appserver.web;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Generations of one entry without a server: a larger work directory gives a new generation, an
 * equal or smaller one none, superseded generations are pruned once their grace period is over,
 * and a damaged newest generation gives way to the one before.
 */
class JspCacheGenerationsTest {

    @TempDir
    Path scratch;

    private Path work;
    private Path entry;

    private void page(String name) throws IOException {
        Path file = work.resolve("org/apache/jsp/" + name + "_jsp.class");
        Files.createDirectories(file.getParent());
        Files.write(file, ClassFile.of().build(ClassDesc.of("org.apache.jsp." + name + "_jsp"), c -> { }));
    }

    private List<String> generations() {
        return JspCache.generationsNewestFirst(entry).stream().map(g -> g.getFileName().toString()).toList();
    }

    private void age(String generation) throws IOException {
        Files.setLastModifiedTime(entry.resolve(generation), FileTime.fromMillis(System.currentTimeMillis() - 120_000));
    }

    @Test
    void moreClassesGiveANewGenerationAndSupersededOnesArePrunedAfterTheirGrace() throws IOException {
        JspCache cache = new JspCache(scratch.resolve("cache"), Duration.ofMinutes(1));
        work = scratch.resolve("work");
        entry = scratch.resolve("cache/entry");

        page("a");
        assertTrue(cache.publish(entry, work));
        assertFalse(cache.publish(entry, work), "nothing new: no generation");
        page("b");
        assertTrue(cache.publish(entry, work));
        page("c");
        assertTrue(cache.publish(entry, work));
        assertEquals(List.of("3", "2", "1"), generations(), "superseded less than a minute ago: kept for servers copying it");

        age("1");
        age("2");
        page("d");
        assertTrue(cache.publish(entry, work));
        assertEquals(List.of("4", "3"), generations(), "the newest two stay, older ones past their grace go");

        Path restored = scratch.resolve("restored");
        assertEquals(4, cache.restore(entry, restored));
        assertTrue(Files.isRegularFile(restored.resolve("org/apache/jsp/d_jsp.class")));
    }

    @Test
    void aDamagedNewestGenerationGivesWayToTheOneBefore() throws IOException {
        JspCache cache = new JspCache(scratch.resolve("cache"));
        work = scratch.resolve("work");
        entry = scratch.resolve("cache/entry");
        page("a");
        cache.publish(entry, work);
        page("b");
        cache.publish(entry, work);
        Files.writeString(entry.resolve("2").resolve(JspCache.MANIFEST), "org/apache/jsp/a_jsp.class\t1\t1\tnot-a-digest\n");

        Path restored = scratch.resolve("restored");
        assertEquals(1, cache.restore(entry, restored), "the older generation, whole");
        assertEquals(List.of("1"), generations(), "the damaged one is gone");
        assertFalse(Files.exists(restored.resolve("org/apache/jsp/b_jsp.class")));
    }
}
