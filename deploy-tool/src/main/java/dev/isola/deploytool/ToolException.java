package dev.isola.deploytool;

/** A failure deploy-tool reports as one line (no stack trace) and ends with {@code exitCode}. */
final class ToolException extends RuntimeException {

    private final int exitCode;

    ToolException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    int exitCode() {
        return exitCode;
    }
}
