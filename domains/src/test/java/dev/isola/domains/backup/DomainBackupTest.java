package dev.isola.domains.backup;

import dev.isola.domains.DomainDirectory;
import dev.isola.domains.DomainExistsException;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.applications.ApplicationRecord;
import dev.isola.domains.applications.ApplicationRegistry;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainMode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A domain's backup and its restore, on real directories and zips: what goes in, what comes back, and every backup refused. */
class DomainBackupTest {

    private static final DomainRestore.Limits LIMITS = new DomainRestore.Limits(1 << 20, 100);

    @TempDir
    Path dir;

    private DomainsRoot root;
    private DomainDirectory shop;

    @BeforeEach
    void aStoppedDomainWithAnApplicationADatabaseLogsAndUnpackedFiles() throws IOException {
        root = DomainsRoot.at(dir.resolve("domains"));
        shop = root.create(DomainConfig.defaults("shop", DomainMode.COMBINED, 8090));
        Path archive = Files.write(shop.archives().resolve("petstore.ear"), bytes(3000, 7));
        new ApplicationRegistry(shop).put(ApplicationRecord.ofStored("petstore", archive));
        write(shop.applications().resolve("petstore/META-INF/application.xml"), "unpacked");
        write(shop.data().resolve("orders/seg0/c10.dat"), "rows");
        write(shop.data().resolve("jms/store.log"), "messages");
        write(shop.config().resolve("https.p12"), "key store");
        write(shop.keyfile(), "shop's users");
        write(shop.stateFile(), "{\"running\": true}");
        write(shop.logFile("shop"), "a log line");
        write(shop.autodeploy().resolve("other.war"), "dropped");
        write(shop.autodeploy().resolve("other.war.deployed"), "marker");
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static byte[] bytes(int size, int seed) {
        byte[] bytes = new byte[size];
        for (int i = 0; i < size; i++) {
            bytes[i] = (byte) (i * seed);
        }
        return bytes;
    }

    private Path backup() throws IOException {
        Path zip = dir.resolve("shop.zip");
        try (OutputStream out = Files.newOutputStream(zip)) {
            DomainBackup.write(shop, root.load("shop"), out);
        }
        return zip;
    }

    private static List<String> entries(Path zip) throws IOException {
        try (ZipFile file = new ZipFile(zip.toFile())) {
            return file.stream().map(ZipEntry::getName).toList();
        }
    }

    private static Path zip(Path target, String... namesAndContents) throws IOException {
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(target))) {
            for (int i = 0; i < namesAndContents.length; i += 2) {
                out.putNextEntry(new ZipEntry(namesAndContents[i]));
                out.write(namesAndContents[i + 1].getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return target;
    }

    private static final String MANIFEST = "{\"format\": 1, \"domain\": \"shop\"}";
    private static final String CONFIG = "{\"name\": \"shop\", \"httpPort\": 8090}";

    private InvalidBackupException refused(String... namesAndContents) throws IOException {
        Path zip = zip(dir.resolve("bad.zip"), namesAndContents);
        Path staging = root.newStagingDirectory();
        return assertThrows(InvalidBackupException.class, () -> DomainRestore.unpack(zip, staging, LIMITS));
    }

    @Test
    void aBackupHoldsTheConfigurationTheArchivesAndTheDataAndNotTheLogsTheDropInsTheUnpackedFilesOrTheRunningFlag() throws IOException {
        List<String> entries = entries(backup());

        assertEquals(BackupContents.MANIFEST, entries.getFirst());
        assertEquals(List.of("applications/petstore.ear", "config/applications.json", "config/domain.json", "config/https.p12",
                "config/keyfile",
                "data/jms/store.log", "data/orders/seg0/c10.dat"), entries.subList(1, entries.size()).stream().sorted().toList());
    }

    @Test
    void aRunningDomainsBackupTakesTheIsolatesCopiesInPlaceOfTheLiveDatabaseFiles() throws IOException {
        write(shop.data().resolve("orders/service.properties"), "live");
        write(shop.data().resolve("orders/db.lck"), "held");
        Path staging = dir.resolve("staging");
        write(staging.resolve("orders/service.properties"), "copied");
        write(staging.resolve("orders/seg0/c10.dat"), "rows as of the copy");
        write(shop.data().resolve("archive/service.properties"), "a database no isolate has open");

        Path zip = dir.resolve("running.zip");
        try (OutputStream out = Files.newOutputStream(zip)) {
            DomainBackup.write(shop, root.load("shop"), out, new StagedDatabases(staging, List.of("orders")));
        }

        assertEquals(List.of("applications/petstore.ear", "config/applications.json", "config/domain.json", "config/https.p12", "config/keyfile",
                "data/archive/service.properties", "data/jms/store.log", "data/orders/seg0/c10.dat", "data/orders/service.properties"),
                entries(zip).subList(1, entries(zip).size()).stream().sorted().toList());
        try (ZipFile file = new ZipFile(zip.toFile())) {
            assertEquals("rows as of the copy", new String(file.getInputStream(file.getEntry("data/orders/seg0/c10.dat")).readAllBytes(),
                    StandardCharsets.UTF_8));
        }
        assertFalse(Files.exists(shop.data().resolve("archive/dbex.lck")), "the lock taken while copying the closed database is gone");
    }

    @Test
    void aDatabaseOpenInTheDomainThatNoIsolateCopiedRefusesTheRunningBackup() throws IOException {
        write(shop.data().resolve("orders/service.properties"), "opened by an application itself");
        Path staging = Files.createDirectories(dir.resolve("staging"));
        try (FileChannel channel = FileChannel.open(shop.data().resolve("orders/dbex.lck"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = channel.lock()) {
            DatabaseInUseException e = assertThrows(DatabaseInUseException.class,
                    () -> DomainBackup.write(shop, root.load("shop"), OutputStream.nullOutputStream(), new StagedDatabases(staging, List.of())));
            assertEquals("the Derby database data/orders is open in an isolate of the domain, but not through a datasource or the JMS store, which"
                    + " the server copies while they are used (an application opened it itself); stop the domain to back it up", e.getMessage());
            assertTrue(held.isValid());
        }
        assertThrows(IllegalArgumentException.class, () -> new StagedDatabases(staging, List.of("../config")));
    }

    @Test
    void aRestoreUnderAnotherNameAndPortBringsBackEveryFileAsItWasAndTheDomainStopped() throws IOException {
        Path zip = backup();
        Path staging = root.newStagingDirectory();

        DomainRestore.Unpacked unpacked = DomainRestore.unpack(zip, staging, LIMITS);
        assertEquals("shop", unpacked.config().name());
        assertEquals("shop", unpacked.manifest().path("domain").asText());
        DomainDirectory copy = root.adopt(staging, DomainConfig.defaults("shop-copy", DomainMode.COMBINED, 8091));

        assertEquals(List.of("shop", "shop-copy"), root.names());
        assertEquals(8091, root.load("shop-copy").httpPort());
        assertArrayEquals(Files.readAllBytes(shop.archives().resolve("petstore.ear")), Files.readAllBytes(copy.archives().resolve("petstore.ear")));
        assertEquals("rows", Files.readString(copy.data().resolve("orders/seg0/c10.dat")));
        assertEquals("key store", Files.readString(copy.config().resolve("https.p12")));
        assertEquals("shop's users", Files.readString(copy.keyfile()));
        for (Path secret : List.of(copy.keyfile(), copy.config().resolve("https.p12"))) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(secret)), secret + ": a zip keeps no permissions");
        }
        assertEquals(new ApplicationRegistry(shop).list(), new ApplicationRegistry(copy).list());
        assertFalse(copy.keepRunning(), "restored, not started");
        assertTrue(Files.isDirectory(copy.logs()) && Files.isDirectory(copy.autodeploy()), "the layout is complete");
        assertFalse(Files.exists(copy.applications().resolve("petstore")), "unpacked again at the domain's start, not restored");
        assertFalse(Files.exists(staging));
    }

    @Test
    void aRestoreOntoADomainThatExistsIsRefusedAndLeavesItAsItWas() throws IOException {
        Path staging = root.newStagingDirectory();
        DomainRestore.Unpacked unpacked = DomainRestore.unpack(backup(), staging, LIMITS);

        assertThrows(DomainExistsException.class, () -> root.adopt(staging, unpacked.config()));

        assertEquals("rows", Files.readString(shop.data().resolve("orders/seg0/c10.dat")));
        assertEquals("a log line", Files.readString(shop.logFile("shop")), "the existing domain is untouched");
    }

    @Test
    void aStagingDirectoryIsNoDomain() throws IOException {
        root.newStagingDirectory();

        assertEquals(List.of("shop"), root.names());
    }

    @Test
    void somethingThatIsNotAZipIsRefused() throws IOException {
        Path text = Files.writeString(dir.resolve("notes.zip"), "not a zip at all");

        InvalidBackupException refused = assertThrows(InvalidBackupException.class,
                () -> DomainRestore.unpack(text, root.newStagingDirectory(), LIMITS));

        assertTrue(refused.getMessage().startsWith("not a zip archive, or a damaged one"), refused.getMessage());
    }

    @Test
    void aZipWithoutTheManifestIsNotABackup() throws IOException {
        assertEquals("not an Isola domain backup: it has no isola-backup.json (make one with deploy-tool backup-domain)",
                refused("config/domain.json", CONFIG).getMessage());
    }

    @Test
    void anotherFormatIsRefused() throws IOException {
        assertEquals("the backup's format is 2; this server restores format 1",
                refused(BackupContents.MANIFEST, "{\"format\": 2}", "config/domain.json", CONFIG).getMessage());
    }

    @Test
    void anEntryOutsideTheDomainDirectoryIsRefusedBeforeAnythingIsWrittenThere() throws IOException {
        InvalidBackupException refused = refused(BackupContents.MANIFEST, MANIFEST, "config/../../evil.txt", "x");

        assertEquals("the entry 'config/../../evil.txt' is not a relative path inside a domain directory", refused.getMessage());
        assertFalse(Files.exists(dir.resolve("evil.txt")) || Files.exists(root.path().resolve("evil.txt")));
        assertEquals("the entry '/etc/passwd' is not a relative path inside a domain directory",
                refused(BackupContents.MANIFEST, MANIFEST, "/etc/passwd", "x").getMessage());
    }

    @Test
    void whatABackupLeavesOutIsRefused() throws IOException {
        assertTrue(refused(BackupContents.MANIFEST, MANIFEST, "logs/shop.log", "x").getMessage()
                .startsWith("the entry 'logs/shop.log' is not part of a domain backup"));
        assertTrue(refused(BackupContents.MANIFEST, MANIFEST, "config/state.json", "{}").getMessage()
                .startsWith("the entry 'config/state.json' is not part of a domain backup"));
        assertTrue(refused(BackupContents.MANIFEST, MANIFEST, "applications/petstore/WEB-INF/web.xml", "x").getMessage()
                .startsWith("the entry 'applications/petstore/WEB-INF/web.xml' is not part of a domain backup"));
    }

    @Test
    void aBackupThatExpandsPastTheLimitIsStoppedThere() throws IOException {
        Path zip = dir.resolve("bomb.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new ZipEntry(BackupContents.MANIFEST));
            out.write(MANIFEST.getBytes(StandardCharsets.UTF_8));
            out.putNextEntry(new ZipEntry("data/zeros"));
            out.write(new byte[2 << 20]); // compresses to a few kB, expands past the 1 MB limit
            out.closeEntry();
        }
        Path staging = root.newStagingDirectory();

        InvalidBackupException refused = assertThrows(InvalidBackupException.class, () -> DomainRestore.unpack(zip, staging, LIMITS));

        assertEquals("the backup expands to more than 1 MB, the limit (set with --max-expanded-size)", refused.getMessage());
        assertTrue(Files.size(zip) < 100_000, "the archive itself is small");
        assertTrue(Files.size(staging.resolve("data/zeros")) <= 1 << 20, "nothing was written past the limit");
    }

    @Test
    void tooManyEntriesAreRefused() throws IOException {
        List<String> many = new ArrayList<>(List.of(BackupContents.MANIFEST, MANIFEST));
        for (int i = 0; i < 101; i++) {
            many.add("data/f" + i);
            many.add("x");
        }

        assertEquals("the backup has 102 entries, more than the 100 a restore takes", refused(many.toArray(String[]::new)).getMessage());
    }

    @Test
    void aBackupWithoutAConfigurationOrWithABadOneIsRefused() throws IOException {
        assertEquals("the backup has no config/domain.json", refused(BackupContents.MANIFEST, MANIFEST, "data/x", "y").getMessage());
        assertTrue(refused(BackupContents.MANIFEST, MANIFEST, "config/domain.json", "{\"name\": \"shop\", \"httpPort\": \"eighty\"}")
                .getMessage().startsWith("the backup's config/domain.json is not a valid configuration: httpPort"), "names the field");
    }

    @Test
    void anApplicationWhoseArchiveIsMissingIsRefused() throws IOException {
        Path zip = backup();
        Path trimmed = dir.resolve("trimmed.zip");
        try (ZipFile in = new ZipFile(zip.toFile()); ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(trimmed))) {
            for (ZipEntry entry : in.stream().filter(e -> !e.getName().endsWith(".ear")).toList()) {
                out.putNextEntry(new ZipEntry(entry.getName()));
                in.getInputStream(entry).transferTo(out);
                out.closeEntry();
            }
        }

        InvalidBackupException refused = assertThrows(InvalidBackupException.class,
                () -> DomainRestore.unpack(trimmed, root.newStagingDirectory(), LIMITS));

        assertEquals("the backup's config/applications.json names petstore.ear (application petstore), which is not in it", refused.getMessage());
    }

    @Test
    void theNextConfigurationIsTheOneRestoredWhenItWaited() throws IOException {
        Files.writeString(shop.nextConfigFile(), "{\"name\": \"shop\", \"httpPort\": 8099}");

        DomainRestore.Unpacked unpacked = DomainRestore.unpack(backup(), root.newStagingDirectory(), LIMITS);

        assertEquals(8099, unpacked.config().httpPort());
    }

    @Test
    void noFileOfTheBackupIsALink() throws IOException {
        Path outside = Files.writeString(dir.resolve("secret.txt"), "outside");
        Files.createSymbolicLink(shop.data().resolve("link"), outside);

        try (Stream<String> names = entries(backup()).stream()) {
            assertFalse(names.anyMatch(n -> n.endsWith("link")), "a link is not followed out of the domain");
        }
    }
}
