package dev.isola.admin.rest;

import dev.isola.admin.deploy.ArchiveKind;
import dev.isola.admin.deploy.ArchiveValidator;
import dev.isola.admin.deploy.CheckedArchive;
import dev.isola.admin.deploy.InvalidArchiveException;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.Part;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Receives an uploaded archive into a temporary file next to where it will be stored (so that
 * storing it is a rename), within the size limit, and checks it. Two forms are taken: the raw
 * archive as the body ({@code application/octet-stream}, {@code application/zip},
 * {@code application/java-archive}), or {@code multipart/form-data} with the archive as a file
 * part (a browser form). Whatever is refused leaves no file behind.
 */
public final class Uploads {

    /** What an upload brought: the checked archive and the file name it was sent under, if any. */
    record Upload(CheckedArchive archive, Optional<String> fileName) {
    }

    private final ArchiveValidator validator;
    private volatile long maxUploadBytes;

    public Uploads(ArchiveValidator validator, long maxUploadBytes) {
        this.validator = validator;
        this.maxUploadBytes = maxUploadBytes;
    }

    /** Takes uploads up to {@code bytes} from the next one on. */
    public void maxUploadBytes(long bytes) {
        this.maxUploadBytes = bytes;
    }

    long maxUploadBytes() {
        return maxUploadBytes;
    }

    /**
     * @param directory where to put the temporary file
     * @param name      the application name, for messages when no file name came with the upload
     */
    Upload receive(ApiRequest request, Path directory, String name) throws IOException {
        String contentType = Optional.ofNullable(request.http().getContentType()).orElse("").toLowerCase(Locale.ROOT);
        Optional<ArchiveKind> declared;
        try {
            declared = request.query("type").map(ArchiveKind::of);
        } catch (IllegalArgumentException e) {
            throw new ApiException(400, "query parameter type: " + e.getMessage());
        }
        Files.createDirectories(directory);
        Path temporary = Files.createTempFile(directory, ".upload-", ".tmp");
        try {
            Optional<String> fileName;
            if (contentType.startsWith("multipart/form-data")) {
                fileName = receivePart(request, temporary);
            } else if (isRawArchive(contentType)) {
                try (InputStream in = request.http().getInputStream()) {
                    copyWithin(in, temporary);
                }
                fileName = request.query("filename");
            } else {
                throw new ApiException(415, "an archive is uploaded as application/octet-stream (the raw .ear, .war or .jar) or as"
                        + " multipart/form-data with a file part, not as " + contentType);
            }
            String displayName = fileName.orElse(name + declared.map(ArchiveKind::extension).orElse(""));
            return new Upload(validator.check(temporary, displayName, declared), fileName);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
    }

    /**
     * Receives a zip sent as the raw body (a domain backup) into a temporary file in {@code directory}, within the size
     * limit; what it holds is the caller's to check, and the file the caller's to delete.
     */
    Path receiveZip(ApiRequest request, Path directory) throws IOException {
        String contentType = Optional.ofNullable(request.http().getContentType()).orElse("").toLowerCase(Locale.ROOT);
        if (!isRawArchive(contentType)) {
            throw new ApiException(415, "a backup is uploaded as the raw zip (application/zip or application/octet-stream), not as " + contentType);
        }
        Files.createDirectories(directory);
        Path temporary = Files.createTempFile(directory, ".upload-", ".zip");
        try (InputStream in = request.http().getInputStream()) {
            copyWithin(in, temporary);
            return temporary;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
    }

    private static boolean isRawArchive(String contentType) {
        return contentType.isEmpty() || contentType.startsWith("application/octet-stream") || contentType.startsWith("application/zip")
                || contentType.startsWith("application/java-archive") || contentType.startsWith("application/x-zip");
    }

    private Optional<String> receivePart(ApiRequest request, Path temporary) throws IOException {
        try {
            for (Part part : request.http().getParts()) {
                if (part.getSubmittedFileName() != null) {
                    if (part.getSize() > maxUploadBytes) {
                        throw tooLarge();
                    }
                    try (InputStream in = part.getInputStream()) {
                        copyWithin(in, temporary);
                    }
                    String submitted = Path.of(part.getSubmittedFileName().replace('\\', '/')).getFileName().toString();
                    return Optional.of(submitted);
                }
            }
        } catch (ServletException | IllegalStateException e) {
            if (String.valueOf(e.getMessage()).contains("exceed") || e.getCause() instanceof IllegalStateException) {
                throw tooLarge();
            }
            throw new ApiException(400, "the multipart body cannot be read: " + e.getMessage());
        }
        throw new ApiException(400, "the multipart body has no file part; send the archive as a file (e.g. curl -F archive=@shop.ear)");
    }

    private void copyWithin(InputStream in, Path target) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        try (OutputStream out = Files.newOutputStream(target)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                total += n;
                if (total > maxUploadBytes) {
                    throw tooLarge();
                }
                out.write(buffer, 0, n);
            }
        }
    }

    private InvalidArchiveException tooLarge() {
        return new InvalidArchiveException("the upload is larger than " + (maxUploadBytes >> 20) + " MB, the limit (set with --max-upload-size);"
                + " the archive is refused", true);
    }
}
