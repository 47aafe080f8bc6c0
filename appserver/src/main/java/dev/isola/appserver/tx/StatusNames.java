package dev.isola.appserver.tx;

import jakarta.transaction.Status;

/** Names of {@link Status} codes, for messages. */
final class StatusNames {

    private StatusNames() {
    }

    static String of(int status) {
        return switch (status) {
            case Status.STATUS_ACTIVE -> "active";
            case Status.STATUS_MARKED_ROLLBACK -> "marked for rollback";
            case Status.STATUS_PREPARED -> "prepared";
            case Status.STATUS_COMMITTED -> "committed";
            case Status.STATUS_ROLLEDBACK -> "rolled back";
            case Status.STATUS_UNKNOWN -> "in an unknown state";
            case Status.STATUS_NO_TRANSACTION -> "no transaction";
            case Status.STATUS_PREPARING -> "preparing";
            case Status.STATUS_COMMITTING -> "committing";
            case Status.STATUS_ROLLING_BACK -> "rolling back";
            default -> "status " + status;
        };
    }
}
