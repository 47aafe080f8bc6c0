package dev.isola.mvm.invoke.workloads;

import java.io.Serializable;
import java.util.List;

/** The interface the invocation tests call through. */
public interface Catalog {

    record Item(String name, int price, List<String> tags) implements Serializable {
    }

    /** A checked exception the interface declares: callers get it as itself. */
    final class NotFound extends Exception {
        public NotFound(String message) {
            super(message);
        }
    }

    Item find(String name) throws NotFound;

    /** Sleeps, then adds: for calls in flight and timeouts. */
    long slowAdd(long a, long b, long sleepMillis);

    /** Fills in the item's tags and returns it: arguments are copies. */
    Item tag(Item item, String tag);

    void fail(String message);

    String whereAmI();
}
