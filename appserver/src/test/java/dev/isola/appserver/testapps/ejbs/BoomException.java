package dev.isola.appserver.testapps.ejbs;

public class BoomException extends Exception {
    public BoomException(String message) {
        super(message);
    }
}
