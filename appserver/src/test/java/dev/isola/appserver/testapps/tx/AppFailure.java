package dev.isola.appserver.testapps.tx;

/** A checked exception: an application exception that does not roll back. */
public class AppFailure extends Exception {
    public AppFailure(String message) {
        super(message);
    }
}
