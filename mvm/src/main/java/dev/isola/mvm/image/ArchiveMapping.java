package dev.isola.mvm.image;

import java.util.List;

/**
 * Where the isolates of an image map its AOT cache, which decides how much of the cache
 * they share.
 *
 * <p>The cache holds pointers laid out for one base address. Mapped anywhere else, the JVM
 * relocates it, writing to (and so privately copying) most of its pages. Measured with the
 * Tomcat + Derby image of {@code load-tests} on JDK 25.0.3 (a 45 MB cache, five isolates,
 * {@code docs/results/isolates/README.md}): at a random address each isolate held 35.1 MB of
 * the cache mapping privately and shared 8.4 MB; at the fixed address only the read-write part
 * stayed private, 17.1 MB, and 26.3 MB were shared by all five. Five isolates then took
 * 307.5 MB PSS together instead of 379.8 MB (0.81), and started no slower.
 *
 * <p>The price of {@link #FIXED_ADDRESS} is that the archive lies at the same, known address
 * in every isolate instead of a random one: address-space layout randomisation no longer
 * covers it (the Java heap, the code cache, thread stacks and native libraries stay
 * randomised). None of the archive's pages is executable; what an attacker learns is where
 * class metadata and archived objects lie, which helps only together with a memory-corruption
 * bug in the JVM. The isolates of an image run code of one trust domain, and sharing is what
 * isolates are for, so the runtime defaults to it. Images whose isolates face hostile input
 * and want every region randomised use {@link #RANDOMIZED}.
 */
public enum ArchiveMapping {

    /**
     * Map the cache at the address it was recorded for ({@code -XX:ArchiveRelocationMode=0});
     * if that address is taken the JVM still relocates rather than fail. The default.
     */
    FIXED_ADDRESS(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:ArchiveRelocationMode=0")),

    /** The JDK's default: map the cache at a random address and relocate it. */
    RANDOMIZED(List.of());

    private final List<String> jvmOptions;

    ArchiveMapping(List<String> jvmOptions) {
        this.jvmOptions = jvmOptions;
    }

    /** The JVM flags that select this mapping, put before {@code -XX:AOTCache}. */
    public List<String> jvmOptions() {
        return jvmOptions;
    }
}
