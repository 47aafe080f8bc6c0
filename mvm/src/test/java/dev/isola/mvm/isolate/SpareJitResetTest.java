package dev.isola.mvm.isolate;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which classes a spare's JIT reset redefines: those with profiled code in the code list, read from its text as the JVM prints it. */
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

        assertEquals(Set.of("org.apache.derby.impl.store.raw.data.BasePage", "Main", "dev.isola.Limited$Inner"),
                SpareJitReset.classesWithProfiledCode(codeList));
    }

    @Test
    void aCodeListWithoutMethodsNamesNoClass() {
        assertEquals(Set.of(), SpareJitReset.classesWithProfiledCode("30444:\n"));
        assertEquals(Set.of(), SpareJitReset.classesWithProfiledCode(""));
    }
}
