package dev.isola.loadtests.evaluation;

import dev.isola.domains.DomainDirectory;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.applications.ApplicationRecord;
import dev.isola.domains.applications.ApplicationRegistry;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainMode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A domain directory prepared on disk as the admin isolate leaves it after {@code create-domain}
 * and {@code deploy}: the configuration, the archive and its record. Every server of every setup
 * starts from one of these, so that a standalone JVM and a domain isolate redeploy the same
 * application through the same code ({@code DomainMain}).
 */
final class DomainFixture {

    static final String APPLICATION = "petstore";

    private DomainFixture() {
    }

    /** A stopped domain {@code name} listening on {@code port}, with the Pet Store recorded when {@code ear} is given. */
    static DomainDirectory prepare(Path root, String name, DomainMode mode, int port, Optional<Path> ear) throws IOException {
        DomainDirectory directory = DomainsRoot.at(root).create(DomainConfig.defaults(name, mode, port));
        if (ear.isPresent()) {
            Path stored = directory.archives().resolve(APPLICATION + ".ear");
            Files.copy(ear.get(), stored);
            new ApplicationRegistry(directory).put(ApplicationRecord.ofStored(APPLICATION, stored));
        }
        return directory;
    }
}
