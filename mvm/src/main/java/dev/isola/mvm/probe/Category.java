package dev.isola.mvm.probe;

/** What a JVM uses a piece of its memory for, as the footprint breakdown groups it. */
public enum Category {
    /** The Java heap: objects, in all generations. */
    JAVA_HEAP,
    /**
     * Class metadata: the mapped class-data archive (the image's AOT cache, or the JDK's CDS
     * archive), class space and metaspace. The part of it the isolates of an image share is
     * what makes them cheap.
     */
    CLASS_METADATA,
    /** Compiled code and the interpreter, stubs and adapters in the code cache. */
    CODE_CACHE,
    /**
     * Everything else: thread stacks, GC data structures, the JVM's and the JDK's native
     * allocations, shared libraries, the launcher.
     */
    OTHER
}
