package dev.isola.domains;

/** A domain that cannot be created because one of that name exists. */
public class DomainExistsException extends RuntimeException {
    public DomainExistsException(String message) {
        super(message);
    }
}
