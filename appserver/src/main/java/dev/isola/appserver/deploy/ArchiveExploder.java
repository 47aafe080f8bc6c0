package dev.isola.appserver.deploy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * Unpacks an archive (EAR, WAR, EJB-JAR) into a directory, checking on the way that it is a
 * zip file and that no entry name escapes the target (absolute paths, "..").
 */
final class ArchiveExploder {

    private ArchiveExploder() {
    }

    /**
     * @param application for messages
     * @param what        for messages: "archive shop.ear" or "module shop-web.war"
     */
    static void explode(String application, String what, Path archive, Path target) {
        try (ZipFile zip = new ZipFile(archive.toFile())) {
            Files.createDirectories(target);
            Path root = target.toAbsolutePath().normalize();
            Enumeration<? extends ZipEntry> entries = zip.entries();
            if (!entries.hasMoreElements()) {
                throw DeploymentException.of(application, what + " is an empty zip archive");
            }
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                String name = entry.getName();
                Path out = root.resolve(name).normalize();
                if (name.startsWith("/") || name.contains("\\") || !out.startsWith(root)) {
                    throw DeploymentException.of(application, what + " has an entry whose name leaves the archive: '" + name + "'");
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(out);
                } else {
                    Files.createDirectories(out.getParent());
                    try (InputStream in = zip.getInputStream(entry)) {
                        Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
                    }
                    // the entry's time, not the unpacking's: Jasper takes compiled JSPs as up to date only if their time
                    // equals the JSP's, so the same archive must give the same times in every server (see JspCache)
                    if (entry.getLastModifiedTime() != null) {
                        Files.setLastModifiedTime(out, entry.getLastModifiedTime());
                    }
                }
            }
        } catch (ZipException e) {
            throw DeploymentException.of(application, what + " is not a zip archive (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw DeploymentException.of(application, "cannot unpack " + what + ": " + e);
        }
    }
}
