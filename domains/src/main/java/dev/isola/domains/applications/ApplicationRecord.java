package dev.isola.domains.applications;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
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

    /** The record of {@code stored}, an archive already in the domain's {@code applications/}, deployed now as {@code name}. */
    public static ApplicationRecord ofStored(String name, Path stored) throws IOException {
        try (DigestInputStream in = new DigestInputStream(Files.newInputStream(stored), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return new ApplicationRecord(name, stored.getFileName().toString(), Files.size(stored),
                    HexFormat.of().formatHex(in.getMessageDigest().digest()), Instant.now());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    }
}
