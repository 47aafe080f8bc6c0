package dev.isola.mvm.isolate;

import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A child of this JVM that CRIU recreated ({@link Criu#restore}, as a sibling of the criu
 * process, so its parent is this JVM) rather than {@code ProcessBuilder} started. The JDK does
 * not reap such a child nor learn its exit status, so a thread of this class waits for it with
 * {@code waitpid(2)}, through the FFM API: it gets the status as for any isolate, and leaves no
 * zombie behind. Its output goes to the run directory's files, as it did before it was frozen.
 */
@SuppressWarnings("restricted") // the downcall is the point of this class; isolates and the admin enable native access
final class RestoredProcess extends Process {

    private static final int EINTR = 4;
    private static final MethodHandle WAITPID;
    private static final MethodHandle ERRNO;

    static {
        Linker linker = Linker.nativeLinker();
        WAITPID = linker.downcallHandle(linker.defaultLookup().find("waitpid").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT),
                Linker.Option.captureCallState("errno"));
        ERRNO = Linker.Option.captureStateLayout().varHandle(java.lang.foreign.MemoryLayout.PathElement.groupElement("errno")).toMethodHandle(
                java.lang.invoke.VarHandle.AccessMode.GET);
    }

    private final long pid;
    private final ProcessHandle handle;
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();

    /**
     * @param pid a child of this JVM
     * @throws IllegalStateException if native access is not enabled for this code (it cannot wait for the child then)
     */
    RestoredProcess(long pid) {
        if (!RestoredProcess.class.getModule().isNativeAccessEnabled()) {
            throw new IllegalStateException("waiting for a restored isolate needs --enable-native-access=ALL-UNNAMED");
        }
        this.pid = pid;
        this.handle = ProcessHandle.of(pid).orElseThrow(() -> new IllegalStateException("restored process " + pid + " is gone already"));
        Thread.ofPlatform().daemon().name("mvm-restored-reaper-" + pid).start(this::reap);
    }

    private void reap() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment status = arena.allocate(ValueLayout.JAVA_INT);
            MemorySegment callState = arena.allocate(Linker.Option.captureStateLayout());
            while (true) {
                int result = (int) WAITPID.invokeExact(callState, (int) pid, status, 0);
                if (result == pid) {
                    exit.complete(decode(status.get(ValueLayout.JAVA_INT, 0)));
                    return;
                }
                int errno = (int) ERRNO.invokeExact(callState, 0L);
                if (errno != EINTR) {
                    // Not our child after all (ECHILD): all that is left is to watch it as any other process.
                    handle.onExit().thenRun(() -> exit.complete(-1));
                    return;
                }
            }
        } catch (Throwable e) {
            exit.completeExceptionally(e);
        }
    }

    /** The shell's convention, as {@link Process#exitValue} has it: the exit code, or 128 plus the signal that killed it. */
    private static int decode(int status) {
        int signal = status & 0x7f;
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal;
    }

    @Override
    public OutputStream getOutputStream() {
        return OutputStream.nullOutputStream();
    }

    @Override
    public InputStream getInputStream() {
        return InputStream.nullInputStream();
    }

    @Override
    public InputStream getErrorStream() {
        return InputStream.nullInputStream();
    }

    @Override
    public int waitFor() throws InterruptedException {
        try {
            return exit.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot wait for restored process " + pid, e.getCause());
        }
    }

    @Override
    public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
        try {
            exit.get(timeout, unit);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot wait for restored process " + pid, e.getCause());
        }
    }

    @Override
    public int exitValue() {
        Integer value = exit.getNow(null);
        if (value == null) {
            throw new IllegalThreadStateException("restored process " + pid + " has not exited");
        }
        return value;
    }

    @Override
    public CompletableFuture<Process> onExit() {
        return exit.thenApply(status -> this);
    }

    @Override
    public void destroy() {
        handle.destroy();
    }

    @Override
    public Process destroyForcibly() {
        handle.destroyForcibly();
        return this;
    }

    @Override
    public boolean isAlive() {
        return !exit.isDone();
    }

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public ProcessHandle toHandle() {
        return handle;
    }
}
