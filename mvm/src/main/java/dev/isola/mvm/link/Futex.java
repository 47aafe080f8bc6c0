package dev.isola.mvm.link;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * The Linux futex system call on a 32-bit word in shared memory, called through the FFM API.
 * The operations are the shared (not {@code FUTEX_PRIVATE_FLAG}) ones, so a waiter in one
 * process is woken by a waker in another that maps the same file.
 *
 * <p>Used only when the platform has it (Linux on x86-64 or AArch64) and native access is
 * enabled for this code ({@code --enable-native-access=ALL-UNNAMED}, which isolates get);
 * otherwise {@link #AVAILABLE} is false and links fall back to timed parking.
 */
@SuppressWarnings("restricted") // the downcall is the point of this class; isolates enable native access
final class Futex {

    private static final int FUTEX_WAIT = 0;
    private static final int FUTEX_WAKE = 1;
    private static final MethodHandle SYSCALL;
    private static final long SYS_FUTEX;

    /** Whether {@link #await} and {@link #wake} may be called. */
    static final boolean AVAILABLE;

    static {
        long number = switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> 202;
            case "aarch64" -> 98;
            default -> -1;
        };
        MethodHandle handle = null;
        boolean linux = System.getProperty("os.name", "").startsWith("Linux");
        if (linux && number > 0 && Futex.class.getModule().isNativeAccessEnabled()) {
            Linker linker = Linker.nativeLinker();
            Optional<MemorySegment> syscall = linker.defaultLookup().find("syscall");
            if (syscall.isPresent()) {
                // long syscall(long number, ...): uaddr, op, val, timeout, uaddr2, val3
                handle = linker.downcallHandle(syscall.get(),
                        FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.JAVA_INT,
                                ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT),
                        Linker.Option.firstVariadicArg(1));
            }
        }
        SYSCALL = handle;
        SYS_FUTEX = number;
        AVAILABLE = handle != null;
    }

    private Futex() {
    }

    /**
     * Sleeps while {@code word} holds {@code expected}, for at most {@code timeoutNanos}. Returns
     * early, without telling why, on a wake, a changed word, a signal or the timeout: callers
     * re-check their condition.
     */
    static void await(MemorySegment word, int expected, long timeoutNanos) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment timespec = arena.allocate(16, 8);
            timespec.set(ValueLayout.JAVA_LONG, 0, timeoutNanos / 1_000_000_000L);
            timespec.set(ValueLayout.JAVA_LONG, 8, timeoutNanos % 1_000_000_000L);
            long ignored = (long) SYSCALL.invokeExact(SYS_FUTEX, word, FUTEX_WAIT, expected, timespec, MemorySegment.NULL, 0);
        } catch (Throwable e) {
            throw new IllegalStateException("futex wait failed", e);
        }
    }

    /** Wakes every process and thread sleeping on {@code word}. */
    static void wake(MemorySegment word) {
        try {
            long ignored = (long) SYSCALL.invokeExact(SYS_FUTEX, word, FUTEX_WAKE, Integer.MAX_VALUE, MemorySegment.NULL, MemorySegment.NULL, 0);
        } catch (Throwable e) {
            throw new IllegalStateException("futex wake failed", e);
        }
    }
}
