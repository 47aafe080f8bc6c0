package dev.isola.admin.auth;

/** The admin password cannot be set up; the message says what to do. */
public class AdminPasswordException extends RuntimeException {
    public AdminPasswordException(String message) {
        super(message);
    }
}
