package dev.isola.mvm.isolate;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What the creator writes into an isolate's run directory before spawning it: everything
 * the child's bootstrap needs to become the isolate, and what a listing or a later adopter
 * needs to know about it. Stored as a properties file so it is readable by a person too.
 *
 * @param spare      the process is a spare: {@code mainClass} warms it up, then it waits to be taken over
 * @param generation 0, or 1 once a spare was taken over and the descriptor rewritten for its new purpose
 * @param imageBuild which build of the image the process runs ({@link dev.isola.mvm.image.ImageCaches#buildOf}), empty when
 *                   unknown (a jar could not be read, or the isolate was started by a runtime that did not record it)
 */
record IsolateDescriptor(
        String id,
        String name,
        String mainClass,
        List<String> arguments,
        String imageName,
        String classPath,
        String maxHeap,
        String youngGeneration,
        String busyYoungGeneration,
        String collector,
        OrphanPolicy orphanPolicy,
        long creatorPid,
        Instant creatorStart,
        Instant createdAt,
        List<String> startupLinks,
        boolean spare,
        int generation,
        String imageBuild) {

    IsolateDescriptor {
        arguments = List.copyOf(arguments);
        startupLinks = List.copyOf(startupLinks);
    }

    void writeTo(Path file) throws IOException {
        Properties p = new Properties();
        p.setProperty("id", id);
        p.setProperty("name", name);
        p.setProperty("mainClass", mainClass);
        p.setProperty("arguments", Integer.toString(arguments.size()));
        for (int i = 0; i < arguments.size(); i++) {
            p.setProperty("argument." + i, arguments.get(i));
        }
        p.setProperty("image", imageName);
        p.setProperty("classPath", classPath);
        p.setProperty("maxHeap", maxHeap);
        p.setProperty("youngGeneration", youngGeneration);
        p.setProperty("busyYoungGeneration", busyYoungGeneration);
        p.setProperty("collector", collector);
        p.setProperty("orphanPolicy", orphanPolicy.name());
        p.setProperty("creatorPid", Long.toString(creatorPid));
        p.setProperty("creatorStart", creatorStart.toString());
        p.setProperty("createdAt", createdAt.toString());
        p.setProperty("spare", Boolean.toString(spare));
        p.setProperty("generation", Integer.toString(generation));
        p.setProperty("imageBuild", imageBuild);
        p.setProperty("startupLinks", Integer.toString(startupLinks.size()));
        for (int i = 0; i < startupLinks.size(); i++) {
            p.setProperty("startupLink." + i, startupLinks.get(i));
        }
        AtomicFiles.write(file, out -> {
            try (Writer w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8)) {
                p.store(w, "isolate descriptor, written by its creator");
            }
        });
    }

    static IsolateDescriptor readFrom(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        List<String> arguments = new ArrayList<>();
        int count = Integer.parseInt(p.getProperty("arguments", "0"));
        for (int i = 0; i < count; i++) {
            arguments.add(p.getProperty("argument." + i, ""));
        }
        List<String> links = new ArrayList<>();
        int linkCount = Integer.parseInt(p.getProperty("startupLinks", "0"));
        for (int i = 0; i < linkCount; i++) {
            links.add(p.getProperty("startupLink." + i, ""));
        }
        return new IsolateDescriptor(
                required(p, "id", file), required(p, "name", file), required(p, "mainClass", file), arguments,
                p.getProperty("image", "?"), p.getProperty("classPath", ""),
                p.getProperty("maxHeap", ""), p.getProperty("youngGeneration", ""),
                p.getProperty("busyYoungGeneration", ""), p.getProperty("collector", ""),
                OrphanPolicy.valueOf(p.getProperty("orphanPolicy", OrphanPolicy.KEEP_RUNNING.name())),
                Long.parseLong(p.getProperty("creatorPid", "-1")),
                Instant.parse(p.getProperty("creatorStart", Instant.EPOCH.toString())),
                Instant.parse(p.getProperty("createdAt", Instant.EPOCH.toString())),
                links,
                Boolean.parseBoolean(p.getProperty("spare", "false")),
                Integer.parseInt(p.getProperty("generation", "0")),
                p.getProperty("imageBuild", ""));
    }

    private static String required(Properties p, String key, Path file) throws IOException {
        String value = p.getProperty(key);
        if (value == null) {
            throw new IOException("isolate descriptor " + file + " lacks '" + key + "'");
        }
        return value;
    }
}
