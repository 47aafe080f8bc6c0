package dev.isola.admin.rest;

import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.backup.DomainRestore;
import dev.isola.domains.backup.InvalidBackupException;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.HttpsConfig;
import dev.isola.mvm.io.DirectoryTrees;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;

/**
 * {@code GET /api/domains/{domain}/backup} and {@code POST /api/domains/restore}: a domain,
 * stopped or running, as one zip (its configuration, archives, databases and JMS store), and a
 * new domain made from one, under its own name and ports or others given. As GlassFish's
 * {@code backup-domain} and {@code restore-domain}, for moving a domain to another server,
 * keeping a copy before an upgrade, or cloning one.
 */
final class BackupResource {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    /** As many entries as an application archive may have ({@link dev.isola.admin.deploy.ArchiveValidator}). */
    private static final int MAX_ENTRIES = 100_000;

    private final Supervisor supervisor;
    private final Uploads uploads;
    private final DomainPorts ports;
    private final java.util.function.LongSupplier maxExpandedBytes;

    BackupResource(Supervisor supervisor, Uploads uploads, java.util.function.LongSupplier maxExpandedBytes) {
        this.supervisor = supervisor;
        this.uploads = uploads;
        this.ports = new DomainPorts(supervisor);
        this.maxExpandedBytes = maxExpandedBytes;
    }

    /** Writes the backup to a temporary file first, so that a refusal is a 409 with a message, not a broken download. */
    ApiResponse backup(ApiRequest request) throws IOException {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        Path file = Files.createTempFile(scratch(), ".backup-" + domain.name() + "-", ".zip");
        try {
            try (OutputStream out = Files.newOutputStream(file)) {
                domain.backUp(out, scratch());
            }
            return ApiResponse.ok(new ApiResponse.TemporaryFile(file, "application/zip", fileName(domain.name())));
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
    }

    /** What a backup of {@code domain} is called when downloaded now: {@code shop-20261129-143000.zip}. */
    static String fileName(String domain) {
        return domain + "-" + LocalDateTime.now().format(STAMP) + ".zip";
    }

    /**
     * Unpacks the uploaded backup beside the domains, checks it, and only then makes it a domain:
     * whatever is refused leaves no domain and no file behind.
     */
    ApiResponse restore(ApiRequest request) throws IOException {
        Optional<String> name = request.query("name");
        name.ifPresent(DomainConfig::checkName);
        Optional<Integer> httpPort = port(request, "httpPort");
        Optional<Integer> httpsPort = port(request, "httpsPort");
        boolean start = request.flag("start", false);
        Path upload = uploads.receiveZip(request, scratch());
        Path staging = null;
        try {
            staging = root().newStagingDirectory();
            DomainRestore.Unpacked unpacked;
            try {
                unpacked = DomainRestore.unpack(upload, staging, new DomainRestore.Limits(maxExpandedBytes.getAsLong(), MAX_ENTRIES));
            } catch (InvalidBackupException e) {
                throw new ApiException(400, e.getMessage());
            }
            DomainConfig config = unpacked.config();
            String original = config.name();
            if (name.isPresent()) {
                config = config.withName(name.get());
            }
            if (root().names().contains(config.name())) {
                throw new ApiException(409, "domain '" + config.name() + "' already exists; restore under another name (?name=, deploy-tool"
                        + " restore-domain --name) or delete it first");
            }
            if (httpPort.isPresent()) {
                config = config.withHttpPort(httpPort.get());
            }
            if (httpsPort.isPresent()) {
                HttpsConfig https = config.https();
                if (!https.enabled()) {
                    throw new ApiException(400, "the backup's domain serves no HTTPS; httpsPort does not apply");
                }
                config = config.withHttps(new HttpsConfig(true, httpsPort.get(), https.keyStore(), https.keyStorePassword()));
            }
            ports.check(config, List.of());
            config.https().checkKeyStore(staging);
            DomainRuntime restored = supervisor.restore(staging, config, "a backup of domain " + original + " taken "
                    + unpacked.manifest().path("createdAt").asText("at an unknown time"));
            staging = null;
            if (start) {
                restored.start();
            }
            return ApiResponse.created(restored.view());
        } finally {
            Files.deleteIfExists(upload);
            if (staging != null && Files.exists(staging)) {
                DirectoryTrees.delete(staging);
            }
        }
    }

    private static Optional<Integer> port(ApiRequest request, String parameter) {
        Optional<String> value = request.query(parameter);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        try {
            int port = Integer.parseInt(value.get());
            if (port < 1 || port > 65535) {
                throw new NumberFormatException();
            }
            return Optional.of(port);
        } catch (NumberFormatException e) {
            throw new ApiException(400, "query parameter " + parameter + "=" + value.get() + " is not a port (1-65535)");
        }
    }

    private DomainsRoot root() {
        return supervisor.root();
    }

    /** Where uploads and downloads wait: the root's cache directory, on the same file system as the domains. */
    private Path scratch() throws IOException {
        return Files.createDirectories(root().caches());
    }
}
