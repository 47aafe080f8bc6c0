package dev.isola.mvm.isolate;

import dev.isola.mvm.probe.PerfData;

import java.io.IOException;
import java.util.Optional;

/**
 * What this JVM's JIT compilers have done so far, as HotSpot publishes it in its perf data
 * ({@code -XX:+UsePerfData}, the default): how many compilations it finished or gave up, and which
 * method it compiled last. {@link SpareJitReset} reads them at the take-over to tell, later, the
 * warm-up's compiled code from the purpose's by compile id.
 *
 * @param count      compilations finished or given up ({@code sun.ci.totalCompiles} plus {@code
 *                   sun.ci.totalBailouts}); every one had a compile id of its own
 * @param lastMethod the method compiled last ({@code sun.ci.lastMethod}), as the code list names
 *                   it: {@code pkg.Class.method}; empty before the first compilation
 */
record CompilerCounters(long count, Optional<String> lastMethod) {

    private static final String COMPILED = "sun.ci.totalCompiles";
    private static final String BAILED_OUT = "sun.ci.totalBailouts";
    private static final String LAST_METHOD = "sun.ci.lastMethod";

    /** This JVM's counters, or empty when it publishes none (perf data off, or unreadable). */
    static Optional<CompilerCounters> ofThisJvm() {
        try {
            return PerfData.of(ProcessHandle.current().pid()).flatMap(CompilerCounters::from);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static Optional<CompilerCounters> from(PerfData counters) {
        long compiled = counters.get(COMPILED, -1);
        if (compiled < 0) {
            return Optional.empty();
        }
        return Optional.of(new CompilerCounters(compiled + counters.get(BAILED_OUT, 0),
                counters.string(LAST_METHOD).flatMap(CompilerCounters::codeListName)));
    }

    /**
     * {@code sun.ci.lastMethod} ({@code java/lang/String hashCode}: the class's internal name, a
     * space, the method's name) as {@code Compiler.codelist} writes it before the descriptor
     * ({@code java.lang.String.hashCode}).
     */
    static Optional<String> codeListName(String lastMethod) {
        String[] parts = lastMethod.strip().split(" ");
        if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(parts[0].replace('/', '.') + "." + parts[1]);
    }
}
