package dev.isola.appserver.testapps.mdb;

import jakarta.ejb.ApplicationException;

@ApplicationException(rollback = true)
public class RollbackFailure extends Exception {
    public RollbackFailure(String message) {
        super(message);
    }
}
