package dev.isola.domains;

import dev.isola.domains.applications.ApplicationRecord;
import dev.isola.domains.applications.ApplicationRegistry;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainConfigException;
import dev.isola.domains.config.DomainMode;
import dev.isola.domains.events.DomainEvent;
import dev.isola.domains.events.EventJournal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The domains root on disk: creating, finding, deleting domains, and what each keeps in its directory. */
class DomainsRootTest {

    @TempDir
    Path root;

    @Test
    void aCreatedDomainHasTheLayoutAndItsConfigurationLoadsBack() throws Exception {
        DomainsRoot domains = DomainsRoot.at(root);
        DomainConfig crm = DomainConfig.defaults("crm", DomainMode.SEPARATED, 8081);
        DomainDirectory dir = domains.create(crm);
        for (Path p : List.of(dir.configFile(), dir.archives(), dir.data(), dir.logs())) {
            assertTrue(Files.exists(p), p + " exists");
        }
        assertEquals(crm, domains.load("crm"));
        assertEquals(List.of("crm"), domains.names());
        assertFalse(dir.keepRunning(), "a new domain is not started");
        dir.keepRunning(true);
        assertTrue(dir.keepRunning());
    }

    @Test
    void nameCollisionsUnknownNamesAndForeignDirectoriesAreToldApart() throws Exception {
        DomainsRoot domains = DomainsRoot.at(root);
        domains.create(DomainConfig.defaults("shop", DomainMode.COMBINED, 8080));
        DomainExistsException exists = assertThrows(DomainExistsException.class,
                () -> domains.create(DomainConfig.defaults("shop", DomainMode.SEPARATED, 8081)));
        assertTrue(exists.getMessage().contains("'shop' already exists"), exists.getMessage());
        assertEquals(DomainMode.COMBINED, domains.load("shop").mode(), "the existing domain is untouched");

        Files.createDirectories(root.resolve(".admin"));
        Files.createDirectories(root.resolve("not-a-domain"));
        assertEquals(List.of("shop"), domains.names());
        DomainNotFoundException missing = assertThrows(DomainNotFoundException.class, () -> domains.load("shoe"));
        assertTrue(missing.getMessage().contains("no domain 'shoe'") && missing.getMessage().contains("domains: shop"), missing.getMessage());
        assertThrows(DomainNotFoundException.class, () -> domains.existing("../shop"));
        assertThrows(DomainConfigException.class, () -> domains.directory("../shop"));

        domains.delete("shop");
        assertEquals(List.of(), domains.names());
        assertFalse(Files.exists(root.resolve("shop")));
    }

    @Test
    void aHandEditedConfigurationThatIsWrongIsRefusedNamingFileAndField() throws Exception {
        DomainsRoot domains = DomainsRoot.at(root);
        DomainDirectory dir = domains.create(DomainConfig.defaults("shop", DomainMode.COMBINED, 8080));
        Files.writeString(dir.configFile(), Files.readString(dir.configFile()).replace("\"256m\"", "\"much\""));
        DomainConfigException e = assertThrows(DomainConfigException.class, () -> domains.load("shop"));
        assertTrue(e.getMessage().contains(dir.configFile().toString()) && e.getMessage().contains("isolates.server.heap"), e.getMessage());
    }

    @Test
    void applicationsAreRecordedInOrderAndARedeployKeepsThePlace() {
        DomainDirectory dir = DomainsRoot.at(root).create(DomainConfig.defaults("shop", DomainMode.COMBINED, 8080));
        ApplicationRegistry registry = new ApplicationRegistry(dir);
        registry.put(new ApplicationRecord("a", "a.ear", 1, "aa", Instant.EPOCH));
        registry.put(new ApplicationRecord("b", "b.war", 2, "bb", Instant.EPOCH));
        registry.put(new ApplicationRecord("a", "a.ear", 3, "cc", Instant.EPOCH));
        assertEquals(List.of("a", "b"), registry.list().stream().map(ApplicationRecord::name).toList());
        assertEquals(3, registry.find("a").orElseThrow().size());
        assertTrue(registry.remove("a"));
        assertFalse(registry.remove("a"));
        assertEquals(List.of("b"), registry.list().stream().map(ApplicationRecord::name).toList());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> ApplicationRegistry.checkName("../x"));
        assertTrue(bad.getMessage().contains("'../x' is not a valid application name"), bad.getMessage());
        IllegalArgumentException extension = assertThrows(IllegalArgumentException.class, () -> ApplicationRegistry.checkName("shop.ear"));
        assertTrue(extension.getMessage().contains("must not end in .ear"), extension.getMessage());
    }

    @Test
    void theEventJournalKeepsWholeLinesAndSkipsOnesItCannotRead() throws Exception {
        DomainDirectory dir = DomainsRoot.at(root).create(DomainConfig.defaults("shop", DomainMode.COMBINED, 8080));
        EventJournal journal = new EventJournal(dir.eventsFile());
        journal.append(DomainEvent.of("shop", "shop", 42, DomainEvent.Kind.STARTED, "ready"));
        Files.writeString(dir.eventsFile(), "{not json\n", java.nio.file.StandardOpenOption.APPEND);
        journal.append(DomainEvent.of("shop", "shop", 42, DomainEvent.Kind.EXITED, "halted (code 9)"));
        List<DomainEvent> events = journal.last(10);
        assertEquals(List.of(DomainEvent.Kind.STARTED, DomainEvent.Kind.EXITED), events.stream().map(DomainEvent::kind).toList());
        assertEquals("[shop/shop] EXITED pid 42: halted (code 9)", events.get(1).describe());
        assertEquals(1, journal.last(1).size());
    }

    @Test
    void aConfigurationForTheNextStartWaitsBesideTheCurrentOneUntilApplied() throws Exception {
        DomainsRoot domains = DomainsRoot.at(root);
        DomainDirectory dir = domains.create(DomainConfig.defaults("shop", DomainMode.COMBINED, 8080));
        assertTrue(domains.loadNext("shop").isEmpty());
        assertTrue(domains.applyNext("shop").isEmpty(), "nothing waits");

        DomainConfig next = DomainConfig.defaults("shop", DomainMode.SEPARATED, 8090);
        domains.saveNext(next);
        assertEquals(next, domains.loadNext("shop").orElseThrow());
        assertEquals(8080, domains.load("shop").httpPort(), "the current configuration stays until the next start");
        assertEquals(next, domains.applyNext("shop").orElseThrow());
        assertEquals(next, domains.load("shop"));
        assertFalse(Files.exists(dir.nextConfigFile()), "applied once");

        domains.saveNext(DomainConfig.defaults("shop", DomainMode.COMBINED, 8091));
        domains.save(DomainConfig.defaults("shop", DomainMode.COMBINED, 8092));
        assertTrue(domains.loadNext("shop").isEmpty(), "a configuration saved for now replaces the one that waited");
        assertEquals(8092, domains.load("shop").httpPort());
    }

    @Test
    void aWaitingConfigurationEditedIntoNonsenseIsRefusedAndTheCurrentOneStays() throws Exception {
        DomainsRoot domains = DomainsRoot.at(root);
        DomainDirectory dir = domains.create(DomainConfig.defaults("shop", DomainMode.COMBINED, 8080));
        Files.writeString(dir.nextConfigFile(), "{\"name\": \"shop\", \"httpPort\": \"eighty\"}");
        DomainConfigException refused = assertThrows(DomainConfigException.class, () -> domains.applyNext("shop"));
        assertTrue(refused.getMessage().contains("domain.next.json") && refused.getMessage().contains("httpPort"), refused.getMessage());
        assertEquals(8080, domains.load("shop").httpPort(), "the current configuration is untouched");
        assertTrue(Files.exists(dir.nextConfigFile()), "the file is left for its author to see");
    }
}
