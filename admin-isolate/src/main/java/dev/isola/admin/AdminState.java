package dev.isola.admin;

import dev.isola.domains.JsonFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * What {@code .admin/admin.json} says while an admin isolate runs: which one, and where it
 * listens. {@code bin/appserver} reads it to print the URL and to wait for a start.
 *
 * @param isolateId the admin isolate's id in the mvm registry
 * @param url       the admin port's URL
 */
public record AdminState(String isolateId, long pid, String url, Instant startedAt, String domainsRoot) {

    public void write(AdminFiles files) throws IOException {
        JsonFiles.write(files.state(), this);
    }

    /** The state file's content, if it is there and readable. */
    public static Optional<AdminState> read(AdminFiles files) {
        Path file = files.state();
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JsonFiles.read(file, AdminState.class));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
