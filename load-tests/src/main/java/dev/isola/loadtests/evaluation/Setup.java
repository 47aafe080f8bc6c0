package dev.isola.loadtests.evaluation;

import dev.isola.domains.config.DomainMode;
import dev.isola.loadtests.standalone.AppServerInstance;

import java.util.List;

/**
 * How N servers run in the evaluation (docs/EVALUATION.md): the paper's multi-server baselines
 * and its multi-domain configurations.
 */
enum Setup {
    /** One standalone JVM per server, default JVM flags, no AOT cache (the JDK's default CDS archive only). */
    MS_PLAIN("MS-plain", "standalone JVMs, default flags"),
    /** One standalone JVM per server with the domain isolates' flags, no AOT cache. */
    MS_TUNED("MS-tuned", "standalone JVMs, isolate flags"),
    /** N combined domains (one isolate each) under one admin isolate, all mapping the image's AOT cache. */
    MDC("MDC", "combined domains, one admin isolate"),
    /** MDC with the admin keeping a warmed-up spare isolate that each domain's start takes over ({@code --spare-isolates 1}). */
    MDC_SPARE("MDC-spare", "combined domains, one admin isolate keeping a warmed-up spare isolate"),
    /**
     * MDC with the admin keeping its warmed-up spare frozen to disk with CRIU ({@code --spare-isolates 1 --freeze-spares}):
     * each domain's start thaws it.
     */
    MDC_FROZEN("MDC-frozen", "combined domains, one admin isolate keeping a warmed-up spare isolate frozen to disk"),
    /**
     * MDC-frozen whose domains drop the JIT state of the spare's warm-up ({@code --reset-spare-jit-state}): what the
     * JIT reset of a taken-over spare costs ({@link dev.isola.mvm.isolate.SpareJitReset}).
     */
    MDC_FROZEN_RESET("MDC-frozen-reset", "as MDC-frozen, the domains dropping the JIT state of the spare's warm-up"),
    /** N separated domains (web, EJB and JMS isolates each) under one admin isolate. */
    MDS("MDS", "separated domains, one admin isolate");

    private final String label;
    private final String description;

    Setup(String label, String description) {
        this.label = label;
        this.description = description;
    }

    String label() {
        return label;
    }

    String description() {
        return description;
    }

    boolean standalone() {
        return this == MS_PLAIN || this == MS_TUNED;
    }

    DomainMode mode() {
        return this == MDS ? DomainMode.SEPARATED : DomainMode.COMBINED;
    }

    /** Spare isolates the admin keeps ({@code bin/appserver start --spare-isolates}). */
    int spareIsolates() {
        return this == MDC_SPARE || this == MDC_FROZEN || this == MDC_FROZEN_RESET ? 1 : 0;
    }

    /** Whether the spare waits frozen to disk ({@code bin/appserver start --freeze-spares}). */
    boolean freezeSpares() {
        return this == MDC_FROZEN || this == MDC_FROZEN_RESET;
    }

    /** The options of {@code bin/appserver start} that make this setup's admin isolate. */
    List<String> appServerOptions() {
        return AppServerInstance.spareOptions(spareIsolates(), freezeSpares(), this == MDC_FROZEN_RESET);
    }

    /** Parses a label as printed ({@code MS-plain}) or the constant's name, case-insensitively. */
    static Setup parse(String text) {
        for (Setup setup : values()) {
            if (setup.label.equalsIgnoreCase(text) || setup.name().equalsIgnoreCase(text)) {
                return setup;
            }
        }
        throw new IllegalArgumentException("unknown setup '" + text + "' (expected MS-plain, MS-tuned, MDC, MDC-spare, MDC-frozen, MDC-frozen-reset or MDS)");
    }
}
