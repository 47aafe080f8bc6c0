package dev.isola.domains.applications;

import dev.isola.domains.DomainDirectory;
import dev.isola.domains.JsonFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The applications file as a domain isolate reads it at start: without data binding, every record whole, bad files named. */
class ApplicationRegistryTest {

    @TempDir
    Path root;

    @Test
    void readsBackWhatTheMapperWrote() throws Exception {
        DomainDirectory domain = new DomainDirectory(root.resolve("shop"));
        List<ApplicationRecord> written = List.of(
                new ApplicationRecord("petstore", "petstore.ear", 1_234_567, "ab12", Instant.parse("2026-11-28T04:10:00.123456789Z")),
                new ApplicationRecord("big", "big.war", 5_000_000_000L, "cd34", Instant.EPOCH));
        JsonFiles.write(domain.applicationsFile(), written);
        assertEquals(written, new ApplicationRegistry(domain).list());
        assertEquals(List.of(), new ApplicationRegistry(new DomainDirectory(root.resolve("empty"))).list());
    }

    @Test
    void aDamagedFileIsRefusedNamingTheFileTheRecordAndTheField() throws Exception {
        String good = "\"name\": \"petstore\", \"archive\": \"petstore.ear\", \"size\": 10, \"sha256\": \"ab\"";
        assertRefused("{}", "holds no array of application records");
        assertRefused("[{" + good + ", \"deployedAt\": \"2026-11-28T04:10:00Z\"}, 3]", "application record 2 is not an object");
        assertRefused("[{" + good + "}]", "application record 1: deployedAt is missing");
        assertRefused("[{" + good + ", \"deployedAt\": \"yesterday\"}]", "deployedAt 'yesterday' is not an ISO-8601 instant");
        assertRefused("[{" + good + ", \"deployedAt\": \"2026-11-28T04:10:00Z\", \"owner\": \"bob\"}]",
                "application record 1 has an unknown field 'owner'");
        assertRefused("[{" + good.replace(", \"size\": 10", "") + ", \"deployedAt\": \"2026-11-28T04:10:00Z\"}]", "application record 1: size is missing");
        assertRefused("[{" + good.replace("10", "-1") + ", \"deployedAt\": \"2026-11-28T04:10:00Z\"}]", "size -1 is not a number of bytes");
        assertRefused("[{" + good.replace("\"petstore\",", "7,") + ", \"deployedAt\": \"2026-11-28T04:10:00Z\"}]", "name is not a string");
        assertRefused("[{\"name\": \"petstore\"", "not valid JSON at line 1, column 21: Unexpected end-of-input");
    }

    private void assertRefused(String content, String expected) throws Exception {
        DomainDirectory domain = new DomainDirectory(root.resolve("d" + Math.abs(content.hashCode())));
        Files.createDirectories(domain.applicationsFile().getParent());
        Files.writeString(domain.applicationsFile(), content);
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> new ApplicationRegistry(domain).list());
        assertTrue(e.getMessage().startsWith("cannot read " + domain.applicationsFile() + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertFalse(e.getMessage().contains("Source:"), "Jackson's description of its source is no help: " + e.getMessage());
    }
}
