package dev.isola.mvm.isolate;

import dev.isola.mvm.isolate.SpareJitReset.CompiledMethod;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which classes a spare's JIT reset redefines: those with profiled code in the code list, read from
 * its text as the JVM prints it, compiled before the take-over.
 */
class SpareJitResetTest {

    @Test
    void theClassesOfTheMethodsCompiledWithOrFromAProfileAreReadFromTheCodeList() {
        String codeList = """
                30444:
                4 0 0 jdk.internal.misc.Unsafe.getReferenceVolatile(Ljava/lang/Object;J)Ljava/lang/Object; [0x00007fde3fec7008, 0x00007fde3fec7100 - 0x00007fde3fec72a0]
                149 1 0 java.util.zip.ZipCoder$UTF8ZipCoder.isUTF8()Z [0x00007fde3fed4508, 0x00007fde3fed4600 - 0x00007fde3fed46c0]
                5789 3 0 org.apache.derby.impl.store.raw.data.BasePage.fetchFromSlot(Lorg/apache/derby/iapi/store/raw/RecordHandle;I)V [0x1, 0x2 - 0x3]
                5790 4 0 org.apache.derby.impl.store.raw.data.BasePage.getSlotNumber(Lorg/apache/derby/iapi/store/raw/RecordHandle;)I [0x1, 0x2 - 0x3]
                5801 4 1 Main.run()V [0x1, 0x2 - 0x3]
                5802 2 0 dev.isola.Limited$Inner.get()I [0x1, 0x2 - 0x3]
                5803 1 0 dev.isola.Trivial.name()Ljava/lang/String; [0x1, 0x2 - 0x3]
                """;

        assertEquals(List.of(new CompiledMethod(5789, "org.apache.derby.impl.store.raw.data.BasePage"),
                        new CompiledMethod(5790, "org.apache.derby.impl.store.raw.data.BasePage"), new CompiledMethod(5801, "Main"),
                        new CompiledMethod(5802, "dev.isola.Limited$Inner")),
                SpareJitReset.profiledCode(codeList));
    }

    @Test
    void aCodeListWithoutMethodsNamesNoClass() {
        assertEquals(List.of(), SpareJitReset.profiledCode("30444:\n"));
        assertEquals(List.of(), SpareJitReset.profiledCode(""));
    }

    @Test
    void theWarmUpsCodeIsTheCodeWithAnIdUpToTheCountAtTheTakeOverPlusTheIdsDroppedSince() {
        // 5,610 compilations by the take-over; now 12,773, the highest id 13,275: 502 ids dropped, when is not known.
        assertEquals(6112, SpareJitReset.warmUpBoundary(5610, 12773, 13275));
        // No id dropped: the count is the id.
        assertEquals(5610, SpareJitReset.warmUpBoundary(5610, 5700, 5700));
        // The code list's newest code may have been flushed: ids never count below the compilations.
        assertEquals(5610, SpareJitReset.warmUpBoundary(5610, 5700, 5600));
    }

    @Test
    void theProcessorTimeIsUserPlusSystemTimeOfTheStatLineWhateverTheCommandsName() {
        String stat = "4242 (a (b) c) S 1 4242 4242 0 -1 4194560 9075 0 2 0 250 75 1 0 20 0 31 0 1234 3000000 5000 18446744073709551615";

        assertEquals(Duration.ofMillis(3250), SpareJitReset.cpuTimeOfStat(stat));
    }

    @Test
    void thisProcessHasUsedProcessorTimeByItsOwnStatLine() throws Exception {
        Duration own = SpareJitReset.cpuTimeOfStat(Files.readString(Path.of("/proc/self/stat")));

        assertTrue(own.compareTo(Duration.ZERO) > 0 && own.compareTo(ProcessHandle.current().info().totalCpuDuration().orElseThrow()) <= 0,
                own + " against the JDK's " + ProcessHandle.current().info().totalCpuDuration());
    }
}
