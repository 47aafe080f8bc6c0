package dev.isola.appserver.testapps.bad;

/** An interface no bean implements. */
public interface MissingService {
    String call();
}
