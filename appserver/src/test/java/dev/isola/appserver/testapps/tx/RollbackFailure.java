package dev.isola.appserver.testapps.tx;

import jakarta.ejb.ApplicationException;

@ApplicationException(rollback = true)
public class RollbackFailure extends RuntimeException {
    public RollbackFailure(String message) {
        super(message);
    }
}
