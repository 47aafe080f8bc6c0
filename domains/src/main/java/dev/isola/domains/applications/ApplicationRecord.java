package dev.isola.domains.applications;

import java.time.Instant;
import java.util.Objects;

/**
 * An application deployed to a domain, as recorded in {@code config/applications.json}: what
 * an isolate of the domain redeploys when it starts.
 *
 * @param name       the deployment name: what undeploy takes, and the archive's file name without extension
 * @param archive    the archive's file name in {@code applications/archives/}
 * @param size       its size in bytes
 * @param sha256     its SHA-256, hex: tells two uploads of one name apart
 * @param deployedAt when it was (last) deployed
 */
public record ApplicationRecord(String name, String archive, long size, String sha256, Instant deployedAt) {

    public ApplicationRecord {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(archive, "archive");
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(deployedAt, "deployedAt");
    }
}
