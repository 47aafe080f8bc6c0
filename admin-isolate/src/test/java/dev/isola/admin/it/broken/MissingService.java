package dev.isola.admin.it.broken;

/** A business interface no bean implements. */
public interface MissingService {
    String hello();
}
