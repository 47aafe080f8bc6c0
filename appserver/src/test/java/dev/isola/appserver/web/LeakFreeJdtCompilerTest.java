package dev.isola.appserver.web;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exception the JSP compiler keeps in a static field is created on the compiler's own
 * initialising thread, so that the frames it records are never those of whoever compiled the
 * first JSP (an application's servlet, whose class loader it would keep reachable for good).
 */
class LeakFreeJdtCompilerTest {

    @Test
    void theCompilersKeptExceptionRecordsItsOwnThreadNotTheCaller() throws Exception {
        new LeakFreeJdtCompiler();

        Field field = Class.forName(LeakFreeJdtCompiler.CLASSES_KEEPING_AN_EXCEPTION[0]).getDeclaredField("DYSFUNCTIONAL_INTERFACE_EXCEPTION");
        field.setAccessible(true);
        StackTraceElement[] frames = ((Throwable) field.get(null)).getStackTrace();
        String stack = Arrays.stream(frames).map(StackTraceElement::toString).collect(Collectors.joining("\n  "));
        assertTrue(Arrays.stream(frames).anyMatch(f -> f.getClassName().equals(LeakFreeJdtCompiler.class.getName())),
                "not created on the compiler's initialising thread:\n  " + stack);
        assertFalse(Arrays.stream(frames).anyMatch(f -> f.getClassName().equals(getClass().getName())),
                "records its caller's frames:\n  " + stack);
    }
}
