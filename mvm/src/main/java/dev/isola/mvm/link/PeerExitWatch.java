package dev.isola.mvm.link;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Tells links the moment a peer process exits, so that a thread waiting on a link can sleep
 * until something happens instead of waking every few milliseconds to look at its peer. An idle
 * isolate then costs no CPU: before, each of its waiting link threads woke twenty times a second
 * to read {@code /proc}, about 1 % of a core per idle domain, which on a machine hosting many
 * domains adds up.
 *
 * <p>One daemon thread per process sleeps in {@code poll(2)} on a pidfd per watched process
 * (Linux 5.3 and later), plus an eventfd that wakes it when the set changes. A pidfd refers to
 * one process, not to a pid, so a pid passed on to another process cannot confuse it. Only the
 * watching thread closes pidfds, so none is closed while {@code poll} holds it.
 *
 * <p>Where this is not available (not Linux, no native access, an old kernel), {@link #watch}
 * returns empty and links keep looking at their peers periodically.
 */
@SuppressWarnings("restricted") // native calls are the point of this class; isolates enable native access
final class PeerExitWatch {

    private static final System.Logger LOG = System.getLogger(PeerExitWatch.class.getName());
    private static final long SYS_PIDFD_OPEN = 434; // the same number on x86-64 and AArch64
    private static final int EFD_NONBLOCK = 0x800;
    private static final int EFD_CLOEXEC = 0x80000;
    private static final short POLLIN = 0x1;
    private static final int POLLFD_BYTES = 8; // struct pollfd { int fd; short events; short revents; }

    private static final MethodHandle SYSCALL;
    private static final MethodHandle EVENTFD;
    private static final MethodHandle POLL;
    private static final MethodHandle READ;
    private static final MethodHandle WRITE;
    private static final MethodHandle CLOSE;
    private static final PeerExitWatch INSTANCE;

    static {
        MethodHandle syscall = null;
        MethodHandle eventfd = null;
        MethodHandle poll = null;
        MethodHandle read = null;
        MethodHandle write = null;
        MethodHandle close = null;
        boolean linux = System.getProperty("os.name", "").startsWith("Linux");
        String arch = System.getProperty("os.arch", "");
        boolean knownArch = arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64");
        if (linux && knownArch && PeerExitWatch.class.getModule().isNativeAccessEnabled()) {
            Linker linker = Linker.nativeLinker();
            SymbolLookup libc = linker.defaultLookup();
            ValueLayout.OfInt i = ValueLayout.JAVA_INT;
            ValueLayout.OfLong l = ValueLayout.JAVA_LONG;
            Optional<MemorySegment> syscallSymbol = libc.find("syscall");
            Optional<MemorySegment> eventfdSymbol = libc.find("eventfd");
            Optional<MemorySegment> pollSymbol = libc.find("poll");
            Optional<MemorySegment> readSymbol = libc.find("read");
            Optional<MemorySegment> writeSymbol = libc.find("write");
            Optional<MemorySegment> closeSymbol = libc.find("close");
            if (syscallSymbol.isPresent() && eventfdSymbol.isPresent() && pollSymbol.isPresent() && readSymbol.isPresent()
                    && writeSymbol.isPresent() && closeSymbol.isPresent()) {
                // long syscall(long number, ...): pid, flags
                syscall = linker.downcallHandle(syscallSymbol.get(), FunctionDescriptor.of(l, l, i, i), Linker.Option.firstVariadicArg(1));
                eventfd = linker.downcallHandle(eventfdSymbol.get(), FunctionDescriptor.of(i, i, i));
                poll = linker.downcallHandle(pollSymbol.get(), FunctionDescriptor.of(i, ValueLayout.ADDRESS, l, i));
                read = linker.downcallHandle(readSymbol.get(), FunctionDescriptor.of(l, i, ValueLayout.ADDRESS, l));
                write = linker.downcallHandle(writeSymbol.get(), FunctionDescriptor.of(l, i, ValueLayout.ADDRESS, l));
                close = linker.downcallHandle(closeSymbol.get(), FunctionDescriptor.of(i, i));
            }
        }
        SYSCALL = syscall;
        EVENTFD = eventfd;
        POLL = poll;
        READ = read;
        WRITE = write;
        CLOSE = close;
        INSTANCE = syscall == null ? null : start();
    }

    /** What to run when a process exits; cancelled when the link no longer cares. */
    interface Watch extends AutoCloseable {
        @Override
        void close();
    }

    /** One watched process: its pidfd and whoever waits for its exit. */
    private static final class Watched {
        final int pidfd;
        final List<Runnable> onExit = new CopyOnWriteArrayList<>();

        Watched(int pidfd) {
            this.pidfd = pidfd;
        }
    }

    private final int wakeFd;
    private volatile boolean running = true;
    private final Map<PeerProcess, Watched> watched = new HashMap<>();

    private PeerExitWatch(int wakeFd) {
        this.wakeFd = wakeFd;
    }

    private static PeerExitWatch start() {
        try {
            int wakeFd = (int) EVENTFD.invokeExact(0, EFD_NONBLOCK | EFD_CLOEXEC);
            if (wakeFd < 0) {
                LOG.log(System.Logger.Level.DEBUG, "no eventfd; links look at their peers periodically");
                return null;
            }
            PeerExitWatch watch = new PeerExitWatch(wakeFd);
            Thread.ofPlatform().daemon().name("mvm-peer-exits").start(watch::run);
            return watch;
        } catch (Throwable e) {
            LOG.log(System.Logger.Level.DEBUG, "peer exit watch unavailable: " + e);
            return null;
        }
    }

    /**
     * Runs {@code onExit} once, on the watching thread, when {@code peer} exits (at once if it
     * already has). Empty if processes cannot be watched here; callers then look themselves.
     * {@code onExit} must be quick and must not throw.
     */
    static Optional<Watch> watch(PeerProcess peer, Runnable onExit) {
        return INSTANCE == null ? Optional.empty() : INSTANCE.add(peer, onExit);
    }

    /** Whether watches still report exits (false if the watching thread failed). */
    static boolean running() {
        return INSTANCE != null && INSTANCE.running;
    }

    private Optional<Watch> add(PeerProcess peer, Runnable onExit) {
        boolean gone;
        synchronized (watched) {
            Watched entry = watched.get(peer);
            if (entry == null) {
                int pidfd = pidfdOpen(peer.pid());
                // The pid may already belong to another process: a pidfd is the peer's only if the peer still runs now.
                gone = !peer.alive();
                if (pidfd >= 0 && gone) {
                    close(pidfd);
                }
                if (pidfd < 0 && !gone) {
                    return Optional.empty(); // out of file descriptors, say: the caller looks itself
                }
                if (!gone) {
                    entry = new Watched(pidfd);
                    watched.put(peer, entry);
                }
            } else {
                gone = false;
            }
            if (!gone) {
                entry.onExit.add(onExit);
            }
        }
        if (gone) {
            onExit.run();
            return Optional.of(() -> { });
        }
        wake();
        return Optional.of(() -> cancel(peer, onExit));
    }

    private void cancel(PeerProcess peer, Runnable onExit) {
        synchronized (watched) {
            Watched entry = watched.get(peer);
            if (entry == null || !entry.onExit.remove(onExit) || !entry.onExit.isEmpty()) {
                return;
            }
        }
        // The watching thread closes the pidfd of a process nobody waits for any more.
        wake();
    }

    private void run() {
        try {
            while (true) {
                List<Map.Entry<PeerProcess, Watched>> polled;
                synchronized (watched) {
                    watched.entrySet().removeIf(entry -> {
                        if (entry.getValue().onExit.isEmpty()) {
                            close(entry.getValue().pidfd);
                            return true;
                        }
                        return false;
                    });
                    polled = new ArrayList<>(watched.entrySet());
                }
                try (Arena round = Arena.ofConfined()) {
                    MemorySegment fds = round.allocate((long) POLLFD_BYTES * (polled.size() + 1), 4);
                    setPollFd(fds, 0, wakeFd);
                    for (int i = 0; i < polled.size(); i++) {
                        setPollFd(fds, i + 1, polled.get(i).getValue().pidfd);
                    }
                    int ready = (int) POLL.invokeExact(fds, (long) polled.size() + 1, -1);
                    if (ready <= 0) {
                        continue; // interrupted by a signal: poll again
                    }
                    if (revents(fds, 0) != 0) {
                        long ignored = (long) READ.invokeExact(wakeFd, round.allocate(8), 8L);
                    }
                    for (int i = 0; i < polled.size(); i++) {
                        if (revents(fds, i + 1) != 0) {
                            exited(polled.get(i).getKey());
                        }
                    }
                }
            }
        } catch (Throwable e) {
            running = false;
            LOG.log(System.Logger.Level.ERROR, "the peer exit watch stopped; links now notice dead peers only when they look", e);
        }
    }

    private void exited(PeerProcess peer) {
        List<Runnable> callbacks;
        synchronized (watched) {
            Watched entry = watched.remove(peer);
            if (entry == null) {
                return;
            }
            close(entry.pidfd);
            callbacks = List.copyOf(entry.onExit);
        }
        for (Runnable callback : callbacks) {
            try {
                callback.run();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "a link's reaction to the exit of " + peer + " failed", e);
            }
        }
    }

    private void wake() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment one = arena.allocate(ValueLayout.JAVA_LONG);
            one.set(ValueLayout.JAVA_LONG, 0, 1L);
            long ignored = (long) WRITE.invokeExact(wakeFd, one, 8L);
        } catch (Throwable e) {
            throw new IllegalStateException("cannot wake the peer exit watch", e);
        }
    }

    private static int pidfdOpen(long pid) {
        try {
            return (int) (long) SYSCALL.invokeExact(SYS_PIDFD_OPEN, (int) pid, 0);
        } catch (Throwable e) {
            throw new IllegalStateException("pidfd_open failed", e);
        }
    }

    private static void close(int fd) {
        try {
            int ignored = (int) CLOSE.invokeExact(fd);
        } catch (Throwable e) {
            throw new IllegalStateException("close failed", e);
        }
    }

    private static void setPollFd(MemorySegment fds, int index, int fd) {
        long at = (long) index * POLLFD_BYTES;
        fds.set(ValueLayout.JAVA_INT, at, fd);
        fds.set(ValueLayout.JAVA_SHORT, at + 4, POLLIN);
        fds.set(ValueLayout.JAVA_SHORT, at + 6, (short) 0);
    }

    private static short revents(MemorySegment fds, int index) {
        return fds.get(ValueLayout.JAVA_SHORT, (long) index * POLLFD_BYTES + 6);
    }
}
