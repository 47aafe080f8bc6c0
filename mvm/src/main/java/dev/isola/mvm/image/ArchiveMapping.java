package dev.isola.mvm.image;

import java.util.List;

/**
 * Where the isolates of an image map its AOT cache, which decides how much of the cache
 * they share.
 *
 * <p>The cache holds pointers laid out for one base address. Mapped anywhere else, the JVM
 * relocates it, writing to (and so privately copying) most of its pages. Measured on JDK
 * 25.0.3 with the Tomcat + Derby image of {@code load-tests} (a 40 MB cache, three
 * isolates): at a random address each isolate had 28 MB of the cache mapping private and
 * 6 MB shared; at the fixed address only the read-write part, 14 MB, was private and the
 * read-only 21 MB were shared by all, so each further isolate costs about 11 MB less
 * (numbers for the benchmark run in {@code docs/results/isolates/README.md}).
 *
 * <p>The price of {@link #FIXED_ADDRESS} is that the archive lies at the same, known address
 * in every isolate instead of a random one: address-space layout randomisation no longer
 * covers it (the Java heap, the code cache, thread stacks and native libraries stay
 * randomised). The archive holds class metadata and data, not code an attacker could jump
 * into, and the isolates of an image run code of one trust domain, so the runtime defaults
 * to sharing. Images whose isolates face hostile input and want every region randomised use
 * {@link #RANDOMIZED}.
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
