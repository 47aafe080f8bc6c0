package dev.isola.mvm.probe;

/**
 * How many of the classes a JVM has loaded came from its class-data archive (the image's
 * AOT cache, or without one the JDK's default CDS archive) rather than being parsed from
 * class files. Counts every class loader, including application and custom ones such as a
 * web application's: the JVM counts a class as shared whichever loader defined it.
 *
 * <p>The figures are the JVM's own perf counters ({@code java.cls.sharedLoadedClasses} and
 * {@code java.cls.loadedClasses}), which cost nothing to read and need no class-load log;
 * checked against {@code -Xlog:class+load}, including the classes of a {@code URLClassLoader}.
 *
 * @param loaded    classes loaded since the JVM started, from the archive or not
 * @param fromCache of those, the ones that came from the archive
 */
public record ClassSharing(long loaded, long fromCache) {

    /** {@code fromCache / loaded}, 0 when nothing has been loaded. */
    public double fraction() {
        return loaded == 0 ? 0 : (double) fromCache / loaded;
    }

    /** The fraction as a whole percentage, for listings. */
    public long percent() {
        return Math.round(fraction() * 100);
    }
}
