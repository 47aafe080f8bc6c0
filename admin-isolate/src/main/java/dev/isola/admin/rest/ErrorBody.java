package dev.isola.admin.rest;

/**
 * The JSON body of every error the API answers.
 *
 * @param status  the HTTP status again, for clients that only keep the body
 * @param error   its reason phrase
 * @param message what went wrong and what to do
 * @param field   for a refused configuration, the path of the field at fault (else absent)
 */
public record ErrorBody(int status, String error, String message, String field) {

    static ErrorBody of(int status, String message) {
        return new ErrorBody(status, reason(status), message, null);
    }

    static String reason(int status) {
        return switch (status) {
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 409 -> "Conflict";
            case 413 -> "Content Too Large";
            case 415 -> "Unsupported Media Type";
            case 422 -> "Unprocessable Content";
            case 500 -> "Internal Server Error";
            default -> "Error";
        };
    }
}
