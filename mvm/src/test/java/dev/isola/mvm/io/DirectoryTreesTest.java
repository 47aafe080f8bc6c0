package dev.isola.mvm.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DirectoryTreesTest {

    @TempDir
    Path scratch;

    @Test
    void aTreeIsDeletedWithEverythingInItAndNothingBesideIt() throws IOException {
        Path root = scratch.resolve("root");
        Files.createDirectories(root.resolve("a/b/c"));
        Files.writeString(root.resolve("a/b/c/file.txt"), "x");
        Files.writeString(root.resolve("a/top.txt"), "y");
        Files.createDirectories(root.resolve("empty"));
        Path sibling = Files.writeString(scratch.resolve("sibling.txt"), "stays");

        DirectoryTrees.delete(root);

        assertFalse(Files.exists(root));
        assertTrue(Files.exists(sibling));
    }

    @Test
    void aMissingTreeIsNoError() throws IOException {
        DirectoryTrees.delete(scratch.resolve("never-created"));
        assertTrue(Files.isDirectory(scratch));
    }

    @Test
    void aSingleFileIsDeletedToo() throws IOException {
        Path file = Files.writeString(scratch.resolve("file.txt"), "x");
        DirectoryTrees.delete(file);
        assertFalse(Files.exists(file));
    }
}
