package dev.isola.domains.isolate.cacheprobe;

import java.util.function.Supplier;

/** The application class of {@code WarmUpArchiveCacheIT}: it reaches the AOT cache only in that test's archive. */
public final class Greeting implements Supplier<String> {
    @Override
    public String get() {
        return "hello from " + getClass().getClassLoader().getName();
    }
}
