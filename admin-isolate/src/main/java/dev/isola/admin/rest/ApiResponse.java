package dev.isola.admin.rest;

/**
 * What a route handler answers: a status and a body, which is written as JSON unless it is a
 * {@link Text}.
 */
public record ApiResponse(int status, Object body) {

    /** A body sent as is, with its own media type (the OpenAPI document in YAML). */
    public record Text(String mediaType, String content) {
    }

    /**
     * A file sent as the body, as an attachment named {@code fileName}, and deleted once sent
     * (or once sending failed): a backup written to a temporary file, so that a refusal could
     * still be answered as JSON before the first byte went out.
     */
    public record TemporaryFile(java.nio.file.Path file, String mediaType, String fileName) {
    }

    public static ApiResponse ok(Object body) {
        return new ApiResponse(200, body);
    }

    public static ApiResponse created(Object body) {
        return new ApiResponse(201, body);
    }
}
