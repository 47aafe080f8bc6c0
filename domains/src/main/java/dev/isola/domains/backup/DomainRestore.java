package dev.isola.domains.backup;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.applications.ApplicationRecord;
import dev.isola.domains.applications.ApplicationRegistry;
import dev.isola.domains.JsonFiles;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainConfigException;
import dev.isola.domains.config.DomainConfigJson;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * Unpacks a domain backup ({@link DomainBackup}) into a directory of its own, checking it on
 * the way: what a restore would otherwise find out only when the domain starts, or never (a file
 * written outside the directory), is refused here with what is wrong.
 *
 * <ul>
 *   <li>it must be a zip with {@value BackupContents#MANIFEST} of format {@value BackupContents#FORMAT}
 *       and a {@code config/domain.json} that is a valid configuration;</li>
 *   <li>every entry must be a relative path inside the domain directory that a backup holds
 *       ({@link BackupContents#holds}): no {@code ..}, no absolute path, no backslash, nothing
 *       under {@code logs/} or {@code autodeploy/};</li>
 *   <li>the entries together may expand to at most {@link Limits#maxExpandedBytes} and be at most
 *       {@link Limits#maxEntries}, counted as written, not as the entries' headers claim (a zip
 *       bomb is stopped at the limit);</li>
 *   <li>every archive {@code config/applications.json} names must be in it.</li>
 * </ul>
 */
public final class DomainRestore {

    /** How much a backup may unpack to. */
    public record Limits(long maxExpandedBytes, int maxEntries) {
    }

    /** What was unpacked: the configuration, as the backup has it. */
    public record Unpacked(DomainConfig config, JsonNode manifest) {
    }

    /**
     * What is restored readable by its owner only: {@code config/} holds the password hashes of the
     * domain's users ({@code keyfile}) and key stores, which the server writes that way; a zip keeps
     * no permissions, so a restore would otherwise leave them to the umask.
     */
    private static final String CONFIG_DIRECTORY = "config/";

    private DomainRestore() {
    }

    private static void ownerOnly(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: its defaults apply
        }
    }

    /**
     * @param backup  the zip
     * @param staging an empty directory, which becomes the domain's directory once moved into the domains root
     * @throws InvalidBackupException saying what is wrong with the backup; {@code staging} may hold part of it (the caller deletes it)
     */
    public static Unpacked unpack(Path backup, Path staging, Limits limits) throws IOException {
        JsonNode manifest = null;
        Set<String> written = new HashSet<>();
        long expanded = 0;
        try (ZipFile zip = new ZipFile(backup.toFile())) {
            if (zip.size() > limits.maxEntries() + 1) {
                throw new InvalidBackupException("the backup has " + zip.size() + " entries, more than the " + limits.maxEntries() + " a restore takes");
            }
            var entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                String name = entry.getName();
                if (entry.isDirectory()) {
                    continue;
                }
                if (name.equals(BackupContents.MANIFEST)) {
                    try (InputStream in = zip.getInputStream(entry)) {
                        manifest = JsonFiles.MAPPER.readTree(in.readNBytes(64 * 1024));
                    } catch (IOException e) {
                        throw new InvalidBackupException(BackupContents.MANIFEST + " is not JSON: " + e.getMessage(), e);
                    }
                    continue;
                }
                checkEntryName(name);
                if (!written.add(name)) {
                    throw new InvalidBackupException("the backup holds " + name + " twice");
                }
                Path target = staging.resolve(name).normalize();
                if (!target.startsWith(staging)) {
                    throw new InvalidBackupException("the entry " + name + " would be written outside the domain's directory");
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = zip.getInputStream(entry); OutputStream out = Files.newOutputStream(target)) {
                    expanded = copyWithin(in, out, expanded, limits.maxExpandedBytes());
                }
                if (entry.getLastModifiedTime() != null) {
                    Files.setLastModifiedTime(target, entry.getLastModifiedTime());
                }
                if (name.startsWith(CONFIG_DIRECTORY)) {
                    ownerOnly(target);
                }
            }
        } catch (ZipException e) {
            throw new InvalidBackupException("not a zip archive, or a damaged one: " + e.getMessage(), e);
        }
        checkManifest(manifest);
        DomainConfig config = readConfig(staging);
        checkApplications(staging, written);
        return new Unpacked(config, manifest);
    }

    private static void checkEntryName(String name) {
        if (name.isEmpty() || name.startsWith("/") || name.contains("\\") || name.contains("\0") || name.matches("^[A-Za-z]:.*")) {
            throw new InvalidBackupException("the entry '" + name + "' is not a relative path inside a domain directory");
        }
        for (String part : name.split("/", -1)) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                throw new InvalidBackupException("the entry '" + name + "' is not a relative path inside a domain directory");
            }
        }
        if (!BackupContents.holds(name)) {
            throw new InvalidBackupException("the entry '" + name + "' is not part of a domain backup (logs/, autodeploy/, config/state.json and"
                    + " unpacked applications are left out of one)");
        }
    }

    private static long copyWithin(InputStream in, OutputStream out, long before, long limit) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long total = before;
        int n;
        while ((n = in.read(buffer)) > 0) {
            total += n;
            if (total > limit) {
                throw new InvalidBackupException("the backup expands to more than " + (limit >> 20) + " MB, the limit (set with --max-expanded-size)");
            }
            out.write(buffer, 0, n);
        }
        return total;
    }

    private static void checkManifest(JsonNode manifest) {
        if (manifest == null) {
            throw new InvalidBackupException("not an Isola domain backup: it has no " + BackupContents.MANIFEST
                    + " (make one with deploy-tool backup-domain)");
        }
        int format = manifest.path("format").asInt(-1);
        if (format != BackupContents.FORMAT) {
            throw new InvalidBackupException("the backup's format is " + manifest.path("format") + "; this server restores format " + BackupContents.FORMAT);
        }
    }

    /** The configuration: the one that waited for the domain's next start when there is one, being the newer. */
    private static DomainConfig readConfig(Path staging) throws IOException {
        DomainDirectory directory = new DomainDirectory(staging);
        Path file = Files.isRegularFile(directory.nextConfigFile()) ? directory.nextConfigFile() : directory.configFile();
        if (!Files.isRegularFile(file)) {
            throw new InvalidBackupException("the backup has no config/domain.json");
        }
        try {
            return DomainConfigJson.parse(Files.readString(file), Integer.MIN_VALUE);
        } catch (DomainConfigException e) {
            throw new InvalidBackupException("the backup's " + staging.relativize(file) + " is not a valid configuration: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new InvalidBackupException("the backup's " + staging.relativize(file) + " cannot be read: " + e.getMessage(), e);
        }
    }

    private static void checkApplications(Path staging, Set<String> written) {
        List<ApplicationRecord> applications;
        try {
            applications = new ApplicationRegistry(new DomainDirectory(staging)).list();
        } catch (RuntimeException e) {
            throw new InvalidBackupException("the backup's config/applications.json cannot be read: " + e.getMessage(), e);
        }
        for (ApplicationRecord application : applications) {
            if (!written.contains("applications/" + application.archive())) {
                throw new InvalidBackupException("the backup's config/applications.json names " + application.archive() + " (application "
                        + application.name() + "), which is not in it");
            }
        }
    }
}
