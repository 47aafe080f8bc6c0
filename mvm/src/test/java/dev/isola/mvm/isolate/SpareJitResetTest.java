package dev.isola.mvm.isolate;

import dev.isola.mvm.isolate.SpareJitReset.CompiledMethod;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

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

        List<CompiledMethod> compiled = SpareJitReset.compiledCode(codeList);

        assertEquals(7, compiled.size());
        assertEquals(new CompiledMethod(4, "0", "jdk.internal.misc.Unsafe", "getReferenceVolatile"), compiled.getFirst());
        assertEquals("jdk.internal.misc.Unsafe.getReferenceVolatile", compiled.getFirst().name());
        assertEquals(List.of(new CompiledMethod(5789, "3", "org.apache.derby.impl.store.raw.data.BasePage", "fetchFromSlot"),
                        new CompiledMethod(5790, "4", "org.apache.derby.impl.store.raw.data.BasePage", "getSlotNumber"),
                        new CompiledMethod(5801, "4", "Main", "run"), new CompiledMethod(5802, "2", "dev.isola.Limited$Inner", "get")),
                compiled.stream().filter(CompiledMethod::profiled).toList());
    }

    @Test
    void aCodeListWithoutMethodsNamesNoClass() {
        assertEquals(List.of(), SpareJitReset.compiledCode("30444:\n"));
        assertEquals(List.of(), SpareJitReset.compiledCode(""));
    }

    @Test
    void theWarmUpsCodeEndsWithTheMethodCompiledLastBeforeTheTakeOver() {
        // 5,610 compilations by the take-over, the last of WarmUp.spin; now 12,773, the highest id 13,275.
        List<CompiledMethod> compiled = List.of(new CompiledMethod(17, "1", "a.WarmUp", "spin"), new CompiledMethod(6021, "4", "a.WarmUp", "spin"),
                new CompiledMethod(6030, "3", "a.Purpose", "serve"), new CompiledMethod(13275, "4", "a.WarmUp", "spin"));

        assertEquals(6021, SpareJitReset.warmUpBoundary(new CompilerCounters(5610, Optional.of("a.WarmUp.spin")), 12773, compiled));
    }

    @Test
    void withoutTheLastMethodsCodeTheWarmUpsCodeIsUpToTheCountPlusTheIdsDroppedSoFar() {
        List<CompiledMethod> compiled = List.of(new CompiledMethod(17, "1", "a.WarmUp", "spin"), new CompiledMethod(6030, "3", "a.Purpose", "serve"),
                new CompiledMethod(13275, "4", "a.WarmUp", "spin"));

        // 502 ids dropped so far, when is not known; spin's code below the count is older than the take-over's last compilation.
        assertEquals(6112, SpareJitReset.warmUpBoundary(new CompilerCounters(5610, Optional.of("a.WarmUp.spin")), 12773, compiled));
        assertEquals(6112, SpareJitReset.warmUpBoundary(new CompilerCounters(5610, Optional.empty()), 12773, compiled));
        // No id dropped: the count is the id; the newest code may be gone from the list, and ids never count below the compilations.
        assertEquals(5610, SpareJitReset.warmUpBoundary(new CompilerCounters(5610, Optional.empty()), 5700, List.of(new CompiledMethod(5600, "4", "a.B", "c"))));
    }

    @Test
    void theLastMethodIsNamedAsTheCodeListNamesIt() {
        assertEquals(Optional.of("java.lang.management.MemoryUsage.getUsed"), CompilerCounters.codeListName("java/lang/management/MemoryUsage getUsed"));
        assertEquals(Optional.of("a.Outer$Inner.<init>"), CompilerCounters.codeListName("a/Outer$Inner <init>"));
        assertEquals(Optional.empty(), CompilerCounters.codeListName(""));
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
