package dev.isola.loadtests.isolates;

import dev.isola.mvm.image.ArchiveMapping;

import java.util.List;

/**
 * How the benchmark runs N servers. (a) and (b) are the baselines of BENCHMARKS.md
 * (MS-plain, MS-tuned); (c) is what the runtime does by default; (d) is (c) with the cache
 * mapped at a random address, which measures the {@link ArchiveMapping} decision; (e) is (c)
 * with Native Memory Tracking, which measures what NMT would cost if isolates ran with it.
 */
enum Configuration {

    PLAIN_DEFAULT("a", "plain JVMs, default flags"),
    PLAIN_TUNED("b", "plain JVMs, isolate flags, no AOT cache"),
    ISOLATES("c", "mvm isolates of one image (AOT cache at its fixed address)"),
    ISOLATES_RANDOMIZED("d", "mvm isolates, AOT cache at a random address"),
    ISOLATES_WITH_NMT("e", "mvm isolates with Native Memory Tracking (summary)");

    private final String letter;
    private final String description;

    Configuration(String letter, String description) {
        this.letter = letter;
        this.description = description;
    }

    String letter() {
        return letter;
    }

    String description() {
        return description;
    }

    /** "(c) mvm isolates of one image ..." */
    String label() {
        return "(" + letter + ") " + description;
    }

    boolean isolates() {
        return this != PLAIN_DEFAULT && this != PLAIN_TUNED;
    }

    /** The JVM flags of a plain-JVM configuration, before the class path: none for (a), the isolates' for (b). */
    List<String> plainJvmFlags(IsolateFlags flags) {
        return this == PLAIN_DEFAULT ? List.of() : flags.asJvmFlags();
    }
}
