package dev.isola.appserver.testapps.split.model;

/** A checked application exception: the caller gets it as itself. */
public class OutOfStock extends Exception {
    private final int available;

    public OutOfStock(String message, int available) {
        super(message);
        this.available = available;
    }

    public int available() {
        return available;
    }
}
