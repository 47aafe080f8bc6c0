package dev.isola.loadtests.evaluation;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SetupTest {

    @Test
    void setupsParseByLabelOrNameInAnyCase() {
        assertEquals(Setup.MS_PLAIN, Setup.parse("MS-plain"));
        assertEquals(Setup.MS_TUNED, Setup.parse("ms_tuned"));
        assertEquals(Setup.MDS, Setup.parse("mds"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Setup.parse("MVM"));
        assertTrue(e.getMessage().contains("'MVM'"), e.getMessage());
    }

    @Test
    void onlyTunedStandaloneServersGetTheIsolatesFlagsAndExtras() {
        List<String> plain = StandaloneFleet.jvmFlags(Setup.MS_PLAIN, List.of("-XX:TieredStopAtLevel=1"));
        List<String> tuned = StandaloneFleet.jvmFlags(Setup.MS_TUNED, List.of("-XX:TieredStopAtLevel=1"));
        assertFalse(plain.stream().anyMatch(f -> f.startsWith("-Xm") || f.startsWith("-XX:")), plain.toString());
        // the elastic young generation's flags (the thread that resizes it runs in isolates only), with the floor a plain
        // JVM keeps for good: 16m, not the isolates' 4m, which needs the runtime's growth for the start and under load
        assertTrue(tuned.containsAll(List.of("-Xmx256m", "-XX:NewSize=16m", "-XX:MaxNewSize=64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1")),
                tuned.toString());
        assertTrue(Setup.MS_PLAIN.standalone() && !Setup.MDC.standalone());
    }

    @Test
    void anExtraFlagComesAfterTheDefaultItReplaces() {
        // The JVM takes the last of two settings of a flag: an extra -Xmn32m must follow the default young generation's bounds.
        List<String> tuned = StandaloneFleet.jvmFlags(Setup.MS_TUNED, List.of("-Xmn32m"));
        assertTrue(tuned.indexOf("-XX:MaxNewSize=64m") >= 0 && tuned.indexOf("-Xmn32m") > tuned.indexOf("-XX:MaxNewSize=64m"), tuned.toString());
    }
}
