package dev.isola.mvm.probe;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads the kernel's accounting of a process's memory: {@code /proc/<pid>/smaps_rollup} for
 * the totals (cheap: one read, no per-mapping text) and {@code /proc/<pid>/smaps} for each
 * mapping (address range, permissions, file, and the same figures).
 */
final class Smaps {

    /** One mapping of the process's address space, {@code [start, end)}. */
    record Mapping(long start, long end, String permissions, String path, MemoryFigures memory) {
        long size() {
            return end - start;
        }
    }

    private static final Pattern HEADER = Pattern.compile("[0-9a-f]+-[0-9a-f]+ ");

    private Smaps() {
    }

    /**
     * @throws NoSuchFileException when the process does not exist (any more)
     */
    static MemoryFigures rollup(long pid) throws IOException {
        Map<String, Long> fields = new HashMap<>();
        try (BufferedReader r = Files.newBufferedReader(proc(pid, "smaps_rollup"), StandardCharsets.US_ASCII)) {
            for (String line; (line = r.readLine()) != null; ) {
                field(line, fields);
            }
        }
        return figures(fields);
    }

    static List<Mapping> mappings(long pid) throws IOException {
        List<Mapping> mappings = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(proc(pid, "smaps"), StandardCharsets.US_ASCII)) {
            long start = 0;
            long end = 0;
            String permissions = null;
            String path = "";
            Map<String, Long> fields = new HashMap<>();
            for (String line; (line = r.readLine()) != null; ) {
                if (isHeader(line)) {
                    if (permissions != null) {
                        mappings.add(new Mapping(start, end, permissions, path, figures(fields)));
                    }
                    String[] parts = line.split("\\s+", 6);
                    int dash = parts[0].indexOf('-');
                    start = Long.parseUnsignedLong(parts[0], 0, dash, 16);
                    end = Long.parseUnsignedLong(parts[0], dash + 1, parts[0].length(), 16);
                    permissions = parts[1];
                    path = parts.length > 5 ? parts[5].strip() : "";
                    fields.clear();
                } else {
                    field(line, fields);
                }
            }
            if (permissions != null) {
                mappings.add(new Mapping(start, end, permissions, path, figures(fields)));
            }
        }
        return mappings;
    }

    private static Path proc(long pid, String file) {
        return Path.of("/proc", Long.toString(pid), file);
    }

    /** A mapping's header line starts with its address range, "7f12a000-7f12c000 rw-p ..."; field lines with a name. */
    private static boolean isHeader(String line) {
        return HEADER.matcher(line).lookingAt();
    }

    private static void field(String line, Map<String, Long> fields) {
        int colon = line.indexOf(':');
        if (colon <= 0) {
            return;
        }
        String rest = line.substring(colon + 1).strip();
        if (!rest.endsWith(" kB")) {
            return;
        }
        try {
            fields.put(line.substring(0, colon), Long.parseLong(rest.substring(0, rest.length() - 3).strip()) * 1024);
        } catch (NumberFormatException ignored) {
            // Not a size field.
        }
    }

    private static MemoryFigures figures(Map<String, Long> f) {
        return new MemoryFigures(f.getOrDefault("Rss", 0L), f.getOrDefault("Pss", 0L), f.getOrDefault("Shared_Clean", 0L),
                f.getOrDefault("Shared_Dirty", 0L), f.getOrDefault("Private_Clean", 0L), f.getOrDefault("Private_Dirty", 0L),
                f.getOrDefault("Swap", 0L));
    }
}
