package dev.isola.admin.supervise;

/**
 * An operation on a domain that was refused or failed, with what the API answers: the kind
 * decides the HTTP status, the message says what happened and what to do.
 */
public class DomainOperationException extends RuntimeException {

    public enum Kind {
        /** Not possible in the domain's present state (stopped, restarting, failed, name taken): 409. */
        CONFLICT,
        /** The operation does not apply to what the request names (browsing a topic as if it were a queue): 400. */
        INVALID,
        /** The thing named does not exist: 404. */
        NOT_FOUND,
        /** The application was refused by the domain's deployer: 422. */
        DEPLOYMENT_FAILED,
        /** The domain or one of its isolates did not do what it was asked (failed to start, stopped answering): 500. */
        FAILED
    }

    private final Kind kind;

    public DomainOperationException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
