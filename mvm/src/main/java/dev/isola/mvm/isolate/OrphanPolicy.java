package dev.isola.mvm.isolate;

/**
 * What an isolate does when the isolate that created it dies.
 *
 * <p>There is no implicit parent-child kill: a domain must keep serving while the admin
 * isolate that created it restarts, so {@link #KEEP_RUNNING} is the default. Helper
 * isolates that make no sense without their creator use {@link #EXIT}.
 */
public enum OrphanPolicy {
    /** Carry on; another isolate may adopt it later through the registry. */
    KEEP_RUNNING,
    /** Exit in an orderly way (shutdown hooks run) with status 0 once the creator is gone. */
    EXIT
}
