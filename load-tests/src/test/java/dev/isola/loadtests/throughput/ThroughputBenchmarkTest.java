package dev.isola.loadtests.throughput;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The benchmark's options for further configurations: what domains they ask for, and what they refuse. */
class ThroughputBenchmarkTest {

    private static ThroughputBenchmark parse(String... extra) {
        List<String> args = new ArrayList<>(List.of("--image", "image", "--ear", "products.ear", "--mvm-home", "mvm", "--out", "out"));
        args.addAll(List.of(extra));
        return CommandLine.populateCommand(new ThroughputBenchmark(), args.toArray(String[]::new));
    }

    @Test
    void jvmOptionsBecomeTheVariantDomainsIsolateSettings() throws Exception {
        ThroughputBenchmark.Variant v = parse("--compare-jvm-options", " -XX:TrimNativeHeapInterval=0  -Dtitle=\"q\"\\x ").variant().orElseThrow();
        JsonNode isolate = new ObjectMapper().readTree(v.isolateJson());
        assertEquals(2, isolate.get("jvmOptions").size(), v.isolateJson());
        assertEquals("-XX:TrimNativeHeapInterval=0", isolate.get("jvmOptions").get(0).asText());
        assertEquals("-Dtitle=\"q\"\\x", isolate.get("jvmOptions").get(1).asText(), "split at white space, quotes and backslashes kept as given");
        assertTrue(v.label().startsWith("MDC -XX:TrimNativeHeapInterval=0"), v.label());
    }

    @Test
    void aYoungGenerationBecomesTheVariantDomainsYoungGeneration() throws Exception {
        ThroughputBenchmark.Variant v = parse("--compare-young-generation", "32m").variant().orElseThrow();
        assertEquals("32m", new ObjectMapper().readTree(v.isolateJson()).get("youngGeneration").asText());
        assertEquals("MDC-32m", v.label());
    }

    @Test
    void isolateSettingsAreTakenAsGiven() {
        ThroughputBenchmark.Variant v = parse("--compare-isolate", "{\"collector\": \"parallel\"}").variant().orElseThrow();
        assertEquals("{\"collector\": \"parallel\"}", v.isolateJson());
        assertEquals("MDC collector:parallel", v.label());
    }

    @Test
    void withoutEitherOptionThereIsNoVariant() {
        assertTrue(parse().variant().isEmpty());
    }

    @Test
    void bothVariantsAtOnceAreRefused() {
        ThroughputBenchmark b = parse("--compare-young-generation", "32m", "--compare-jvm-options", "-XX:+UseNUMA");
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class, b::validate);
        assertTrue(e.getMessage().contains("not two"), e.getMessage());
    }

    @Test
    void emptyJvmOptionsAreRefused() {
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class, parse("--compare-jvm-options", "  ")::validate);
        assertTrue(e.getMessage().contains("--compare-jvm-options is empty"), e.getMessage());
    }

    @Test
    void eachDomainConfigurationRunsNextToTheOneItIsComparedWith() {
        assertEquals(List.of("MDC", "MS-plain"), ThroughputBenchmark.domainsOrder(List.of()));
        assertEquals(List.of("MDC", "MS-plain", "MDC-frozen"), ThroughputBenchmark.domainsOrder(List.of("MDC-frozen")));
        assertEquals(List.of("MDC 32m", "MS-tuned", "MDC", "MS-plain", "MDC-frozen", "MDC-spare"),
                ThroughputBenchmark.domainsOrder(List.of("MDC-spare", "MDC 32m", "MDC-frozen", "MS-tuned")));
    }

    @Test
    void domainsOnlyIsAnOptionOfItsOwn() {
        assertTrue(parse("--domains-only", "--with-frozen").domainsOnly);
        assertFalse(parse().domainsOnly);
    }
}
