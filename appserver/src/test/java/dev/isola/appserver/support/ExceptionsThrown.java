package dev.isola.appserver.support;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Counts the exceptions of one type that the calling thread creates while it does some work,
 * thrown and caught inside a library included, which no other probe sees: a flight recording
 * of {@code jdk.JavaExceptionThrow} (which records every {@code Throwable} construction).
 *
 * <pre>
 *   long failedLookups = ExceptionsThrown.count(MissingResourceException.class, () -> runSortedQuery());
 * </pre>
 */
public final class ExceptionsThrown {

    /** Work that may fail with any exception, which the count passes on. */
    @FunctionalInterface
    public interface Work {
        void run() throws Exception;
    }

    private ExceptionsThrown() {
    }

    public static long count(Class<? extends Throwable> type, Work work) throws Exception {
        long thread = Thread.currentThread().threadId();
        Path file = Files.createTempFile("exceptions-thrown", ".jfr");
        try {
            try (Recording recording = new Recording()) {
                recording.enable("jdk.JavaExceptionThrow");
                recording.start();
                work.run();
                recording.stop();
                recording.dump(file);
            }
            return RecordingFile.readAllEvents(file).stream()
                    .filter(event -> event.getThread() != null && event.getThread().getJavaThreadId() == thread)
                    .filter(event -> isOfType(event, type))
                    .count();
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static boolean isOfType(RecordedEvent event, Class<? extends Throwable> type) {
        return event.getClass("thrownClass").getName().equals(type.getName());
    }
}
