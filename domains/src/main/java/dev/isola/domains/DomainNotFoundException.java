package dev.isola.domains;

/** A domain name that names no domain; the message lists the domains there are. */
public class DomainNotFoundException extends RuntimeException {
    public DomainNotFoundException(String message) {
        super(message);
    }
}
