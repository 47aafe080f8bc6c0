package dev.isola.appserver.testapps.timers;

import java.io.Serializable;

/** Serializable by its type, not in fact: it holds a thread. */
public class Unserializable implements Serializable {
    private final Object thread = Thread.currentThread();

    @Override
    public String toString() {
        return "unserializable " + thread;
    }
}
