package dev.isola.admin.rest;

/**
 * A request the API refuses, answered as JSON: {@code {"status": 409, "error": "Conflict", "message": "..."}}.
 * The message names the offending input and says what to do; no stack trace goes out.
 */
public class ApiException extends RuntimeException {

    private final int status;

    public ApiException(int status, String message) {
        super(message);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
