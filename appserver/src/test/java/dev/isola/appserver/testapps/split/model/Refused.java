package dev.isola.appserver.testapps.split.model;

import jakarta.ejb.ApplicationException;

/** An unchecked application exception: no rollback, the caller gets it as itself. */
@ApplicationException
public class Refused extends RuntimeException {
    public Refused(String message) {
        super(message);
    }
}
