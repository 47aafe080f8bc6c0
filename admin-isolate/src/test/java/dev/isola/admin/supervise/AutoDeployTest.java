package dev.isola.admin.supervise;

import dev.isola.admin.deploy.ArchiveValidator;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.applications.ApplicationRecord;
import dev.isola.domains.applications.ApplicationRegistry;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainMode;
import dev.isola.mvm.image.Image;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The autodeploy directory's bookkeeping, in a domain that does not run (no isolate processes):
 * what is taken when, the markers, removal. Deployment into a running domain is covered by
 * {@code AdminApiIT}.
 */
class AutoDeployTest {

    @TempDir
    Path dir;

    private Supervisor supervisor;
    private AutoDeploy autoDeploy;
    private DomainDirectory shop;

    @BeforeEach
    void aStoppedDomain() {
        DomainsRoot root = DomainsRoot.at(dir.resolve("domains"));
        shop = root.create(DomainConfig.defaults("shop", DomainMode.COMBINED, 8080));
        supervisor = new Supervisor(root, Image.ofCurrentJvm("test"), dir.resolve("mvm"), RestartPolicy.DEFAULTS);
        autoDeploy = new AutoDeploy(supervisor, new ArchiveValidator(ArchiveValidator.Limits.DEFAULTS));
    }

    @AfterEach
    void close() {
        autoDeploy.close();
        supervisor.close();
    }

    @Test
    void aNewDomainHasTheDirectoryAndAnArchiveWaitsThereUntilTheDomainRuns() throws IOException {
        assertTrue(Files.isDirectory(shop.autodeploy()), "created with the domain");
        Files.write(shop.autodeploy().resolve("orders.ear"), new byte[]{'P', 'K', 3, 4, 1, 2, 3});

        autoDeploy.scan();
        autoDeploy.scan();
        autoDeploy.scan();

        assertEquals(List.of("orders.ear"), names(), "no marker: it waits for the domain to run");
        assertTrue(new ApplicationRegistry(shop).list().isEmpty());
    }

    @Test
    void aDomainOfAnEarlierBuildGetsTheDirectoryAtStartAndAScanNeverCreatesOne() throws IOException {
        Files.delete(shop.autodeploy());

        autoDeploy.scan();
        assertFalse(Files.exists(shop.autodeploy()), "a scan puts back no directory (that of a domain being deleted, say)");

        autoDeploy.start(java.time.Duration.ofHours(1));
        assertTrue(Files.isDirectory(shop.autodeploy()));
    }

    @Test
    void contentAlreadyDeployedUnderThatNameIsMarkedWithoutDeployingItAgain() throws IOException {
        byte[] content = "an archive".getBytes();
        record(shop, "orders", content);
        Path archive = Files.write(shop.autodeploy().resolve("orders.ear"), content);

        autoDeploy.scan();
        assertEquals(List.of("orders.ear"), names(), "first seen: it may still be being written");
        autoDeploy.scan();

        List<String> marker = Files.readAllLines(shop.autodeploy().resolve("orders.ear.deployed"));
        assertEquals(ArchiveValidator.sha256(archive), marker.getFirst());
        assertTrue(marker.get(1).endsWith("deployed as application orders"), marker.toString());
    }

    @Test
    void aFileThatKeepsChangingIsNotTakenUntilItStops() throws IOException {
        byte[] content = "the whole archive".getBytes();
        record(shop, "orders", content);
        Path archive = shop.autodeploy().resolve("orders.ear");
        Files.write(archive, "the whole".getBytes());
        autoDeploy.scan();
        Files.write(archive, content);

        autoDeploy.scan();
        assertFalse(Files.exists(shop.autodeploy().resolve("orders.ear.deployed")), "it changed since the last look");
        autoDeploy.scan();
        assertTrue(Files.exists(shop.autodeploy().resolve("orders.ear.deployed")));
    }

    @Test
    void aFileNameThatIsNoApplicationNameFailsWithTheReasonAndIsNotTriedAgain() throws IOException {
        Files.write(shop.autodeploy().resolve("my shop!.war"), "x".getBytes());

        autoDeploy.scan();
        autoDeploy.scan();

        Path failed = shop.autodeploy().resolve("my shop!.war.failed");
        List<String> lines = Files.readAllLines(failed);
        assertTrue(lines.get(1).contains("the file name does not make an application name"), lines.toString());
        Instant written = Files.getLastModifiedTime(failed).toInstant();
        autoDeploy.scan();
        assertEquals(written, Files.getLastModifiedTime(failed).toInstant(), "the same content is not tried again");
    }

    @Test
    void removingADeployedArchiveUndeploysItsApplicationAndTheMarkerGoes() throws IOException {
        byte[] content = "an archive".getBytes();
        record(shop, "orders", content);
        Files.write(shop.autodeploy().resolve("orders.ear"), content);
        autoDeploy.scan();
        autoDeploy.scan();
        assertTrue(Files.exists(shop.autodeploy().resolve("orders.ear.deployed")));

        Files.delete(shop.autodeploy().resolve("orders.ear"));
        autoDeploy.scan();

        assertEquals(List.of(), names());
        assertTrue(new ApplicationRegistry(shop).find("orders").isEmpty(), "undeployed");
        assertFalse(Files.exists(shop.archives().resolve("orders.ear")), "its stored archive removed");
    }

    @Test
    void anApplicationReplacedThroughTheApiSinceIsNotUndeployedWithTheFile() throws IOException {
        Path archive = Files.write(shop.autodeploy().resolve("orders.ear"), "first".getBytes());
        Files.writeString(shop.autodeploy().resolve("orders.ear.deployed"), ArchiveValidator.sha256(archive) + "\nearlier\n");
        record(shop, "orders", "second, uploaded".getBytes());

        Files.delete(archive);
        autoDeploy.scan();

        assertTrue(new ApplicationRegistry(shop).find("orders").isPresent(), "the uploaded version stays");
        assertEquals(List.of(), names(), "the marker of the file went with it");
    }

    @Test
    void otherFilesAreLeftAloneAndAMarkerWithoutItsArchiveGoes() throws IOException {
        Files.writeString(shop.autodeploy().resolve("README.txt"), "notes");
        Files.writeString(shop.autodeploy().resolve(".orders.ear.swp"), "an editor's");
        Files.writeString(shop.autodeploy().resolve("gone.war.failed"), "abc\nnot a zip\n");

        autoDeploy.scan();
        autoDeploy.scan();

        assertEquals(List.of(".orders.ear.swp", "README.txt"), names());
    }

    private static void record(DomainDirectory domain, String name, byte[] content) throws IOException {
        Path stored = Files.write(domain.archives().resolve(name + ".ear"), content);
        new ApplicationRegistry(domain).put(new ApplicationRecord(name, stored.getFileName().toString(), content.length,
                ArchiveValidator.sha256(stored), Instant.now()));
    }

    private List<String> names() throws IOException {
        try (Stream<Path> files = Files.list(shop.autodeploy())) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }
}
