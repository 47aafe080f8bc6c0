package dev.isola.admin.deploy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Archives built byte by byte for the bad-input tests: what a careless or hostile uploader sends. */
public final class TestArchives {

    private TestArchives() {
    }

    /** A zip with these entries (name to content) in this order. */
    public static byte[] zip(Map<String, byte[]> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    public static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** An EAR whose only module is fine but which also carries an entry escaping the unpack directory. */
    public static byte[] zipSlipEar() throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("web.war", zip(Map.of("WEB-INF/web.xml", text("<web-app/>"))));
        entries.put("../../evil.sh", text("#!/bin/sh\necho owned\n"));
        return zip(entries);
    }

    /** An EAR with a module that expands to {@code megabytes} of zeros (a few KB compressed). */
    public static Path bombEar(Path directory, int megabytes) throws IOException {
        Path file = directory.resolve("bomb.ear");
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry("web.war"));
            ZipOutputStream inner = new ZipOutputStream(zip);
            inner.putNextEntry(new ZipEntry("zeros.bin"));
            byte[] block = new byte[1 << 20];
            for (int i = 0; i < megabytes; i++) {
                inner.write(block);
            }
            inner.closeEntry();
            inner.finish();
            zip.closeEntry();
        }
        return file;
    }
}
