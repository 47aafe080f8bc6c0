package dev.isola.mvm.invoke;

import dev.isola.mvm.link.LinkClosedException;
import dev.isola.mvm.link.LinkException;
import dev.isola.mvm.link.LinkMessage;
import dev.isola.mvm.link.codec.ClassAllowList;
import dev.isola.mvm.link.codec.ObjectCodec;
import dev.isola.mvm.link.codec.Serializers;
import dev.isola.mvm.link.codec.ObjectCodecException;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The serving side of a {@link LinkPair}: requests are taken in order, their arguments decoded
 * (only classes the argument allow-list names), and each call is run through the
 * {@link Dispatcher}; replies go back in the order calls finish, so slow calls do not hold up
 * others.
 *
 * <p>How calls are run is tuned for latency on small machines, where handing a call to another
 * thread (waking it through the scheduler) costs more than the call. Two platform threads take
 * turns reading. The reader runs a call of a method that has been quick so far itself, then
 * goes back to reading; no other thread is woken. Meanwhile the other thread checks every
 * {@link #STANDBY_POLL_NANOS} (while calls arrive; when idle it sleeps until one does) whether the reading is
 * free, and if the call runs that long, it takes over, so one slow call never holds up the
 * others. Only one call at a time runs on a reading thread, so one of the two is always free to
 * read. Calls of methods that have been slow (over {@link #QUICK_NANOS} on average), and calls
 * that arrive while another runs on a reading thread, get a virtual thread of their own, so any
 * number of them can be in flight.
 *
 * <p>A request whose arguments cannot be decoded is answered with a refusal naming the reason,
 * so the caller fails at once instead of timing out. An exception that cannot be copied is
 * answered with its class, message and stack trace. The server runs until its links close.
 */
public final class InvocationServer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(InvocationServer.class.getName());
    /** Platform threads that take turns reading and running calls; beyond them, calls get virtual threads. */
    private static final int READERS = 2;
    /** A method whose calls took less than this on average runs on the reading thread. */
    static final long QUICK_NANOS = 100_000;
    /** How often the thread not reading checks whether the reader is stuck in a call, while calls arrive. */
    static final long STANDBY_POLL_NANOS = 500_000;
    /** How long the standby sleeps once no call has arrived for {@link #IDLE_NANOS} but one still runs; a new call wakes it. */
    private static final long IDLE_POLL_NANOS = 50_000_000;
    private static final long IDLE_NANOS = 20_000_000;

    private final LinkPair links;
    private final Dispatcher dispatcher;
    private final ObjectCodec.Decoder decoder;
    private final ObjectCodec.Encoder encoder;
    private final ReentrantLock replyLock = new ReentrantLock();
    private final ReentrantLock readLock = new ReentrantLock();
    /** Average duration per method key (exponentially weighted), to decide where calls run. */
    private final Map<String, Long> averageNanos = new ConcurrentHashMap<>();
    private volatile long lastCallAt = System.nanoTime();
    private final AtomicInteger inlineRunning = new AtomicInteger();
    private final Set<Thread> sleepingStandbys = ConcurrentHashMap.newKeySet();
    private final CompletableFuture<Void> stopped = new CompletableFuture<>();
    private volatile int clientEpoch;

    private InvocationServer(LinkPair links, Dispatcher dispatcher, ClassAllowList arguments, ClassLoader loader, Serializers serializers) {
        this.links = links;
        this.dispatcher = dispatcher;
        this.encoder = ObjectCodec.newEncoder(loader, serializers);
        this.decoder = ObjectCodec.newDecoder(arguments, loader, serializers);
    }

    /**
     * Serves calls arriving on {@code links.incoming()} with {@code dispatcher}, decoding only
     * argument classes {@code arguments} allows.
     */
    public static InvocationServer start(LinkPair links, Dispatcher dispatcher, ClassAllowList arguments) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return start(links, dispatcher, arguments, context != null ? context : InvocationServer.class.getClassLoader());
    }

    /**
     * Serves calls as {@link #start(LinkPair, Dispatcher, ClassAllowList)} does, resolving the
     * classes of arguments and results in {@code loader} (an application's, for its beans).
     * Calls run with {@code loader} as their threads' context class loader.
     */
    public static InvocationServer start(LinkPair links, Dispatcher dispatcher, ClassAllowList arguments, ClassLoader loader) {
        return start(links, dispatcher, arguments, loader, Serializers.COMPILED);
    }

    private static InvocationServer start(LinkPair links, Dispatcher dispatcher, ClassAllowList arguments, ClassLoader loader, Serializers serializers) {
        InvocationServer server = new InvocationServer(Objects.requireNonNull(links, "links"), Objects.requireNonNull(dispatcher, "dispatcher"),
                Objects.requireNonNull(arguments, "arguments"), Objects.requireNonNull(loader, "loader"), Objects.requireNonNull(serializers, "serializers"));
        for (int i = 0; i < READERS; i++) {
            Thread reader = Thread.ofPlatform().daemon().name("mvm-invoke-server-" + links.incoming().id() + "-" + i).unstarted(server::serve);
            reader.setContextClassLoader(loader);
            reader.start();
        }
        return server;
    }

    /** Serves the targets, allowing the argument classes their interfaces name. */
    public static InvocationServer start(LinkPair links, Targets targets) {
        return start(links, targets, targets.allowedArguments());
    }

    /**
     * Serves the targets as {@link #start(LinkPair, Targets)} does, copying values with
     * {@code serializers} ({@link Serializers#INTERPRETED} for a link that carries few calls).
     */
    public static InvocationServer start(LinkPair links, Targets targets, Serializers serializers) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return start(links, targets, targets.allowedArguments(), context != null ? context : InvocationServer.class.getClassLoader(), serializers);
    }

    private void serve() {
        try {
            while (true) {
                if (!readLock.tryLock()) {
                    standBy();
                    continue;
                }
                Runnable quick;
                try {
                    quick = nextQuickCall();
                } finally {
                    // The other thread polls with tryLock, so nobody is queued here to be woken.
                    readLock.unlock();
                }
                lastCallAt = System.nanoTime();
                // Counted before the standbys are woken: a standby that missed the wake sees the count and does not sleep for good.
                inlineRunning.incrementAndGet();
                wakeStandbys();
                try {
                    quick.run();
                } finally {
                    inlineRunning.decrementAndGet();
                }
            }
        } catch (LinkClosedException e) {
            stopped.complete(null);
            wakeStandbys(); // so that they find the links closed too, and end
        }
    }

    private void wakeStandbys() {
        for (Thread standby : sleepingStandbys) {
            LockSupport.unpark(standby);
        }
    }

    /** Reads requests, giving slow ones threads of their own, until a quick one comes. */
    private Runnable nextQuickCall() {
        while (true) {
            Runnable call = next();
            // At most one call runs on a reading thread at a time, so the other is always free to read.
            if (inlineRunning.get() > 0 || call instanceof TimedCall timed && averageNanos.getOrDefault(timed.key(), 0L) >= QUICK_NANOS) {
                Thread.ofVirtual().name("mvm-invoke-call").start(call);
            } else {
                return call;
            }
        }
    }

    private void standBy() {
        boolean idle = System.nanoTime() - lastCallAt > IDLE_NANOS;
        if (!idle) {
            LockSupport.parkNanos(this, STANDBY_POLL_NANOS);
            return;
        }
        sleepingStandbys.add(Thread.currentThread());
        if (stopped.isDone()) {
            // The reader has ended: read, to find the links closed, and end too.
        } else if (inlineRunning.get() == 0) {
            // Nothing runs that could get stuck: sleep until a call arrives (the reader wakes us), costing no CPU while idle.
            LockSupport.park(this);
        } else {
            // A call that started long ago still runs on the reader: look now and then whether to take over reading.
            LockSupport.parkNanos(this, IDLE_POLL_NANOS);
        }
        sleepingStandbys.remove(Thread.currentThread());
    }

    /** A call that records how long its method takes. */
    private record TimedCall(String key, Runnable body, Map<String, Long> averages) implements Runnable {
        @Override
        public void run() {
            long start = System.nanoTime();
            try {
                body.run();
            } finally {
                long took = System.nanoTime() - start;
                averages.merge(key, took, (old, now) -> old - (old >> 3) + (now >> 3));
            }
        }
    }

    /** The next call to run, or null when the links have closed. */
    private Runnable next() {
        while (true) {
            LinkMessage message;
            try {
                message = links.incoming().receive();
            } catch (LinkClosedException e) {
                throw e;
            } catch (LinkException e) {
                LOG.log(System.Logger.Level.WARNING, "dropped a request on " + links.incoming().id() + ": " + e.getMessage());
                continue;
            }
            if (!(message instanceof LinkMessage.Bytes(byte[] frame))) {
                LOG.log(System.Logger.Level.WARNING, "dropped a " + message.getClass().getSimpleName() + " message on "
                        + links.incoming().id() + ": requests are bytes");
                continue;
            }
            Runnable call = accept(frame);
            if (call != null) {
                return call;
            }
        }
    }

    private Runnable accept(byte[] frame) {
        Wire.Request request;
        try {
            request = Wire.readRequest(frame);
        } catch (LinkException e) {
            LOG.log(System.Logger.Level.WARNING, e.getMessage());
            return null;
        }
        clientEpoch = request.epoch();
        Object[] arguments;
        try {
            arguments = (Object[]) decoder.decode(frame, request.valueOffset(), frame.length - request.valueOffset());
        } catch (RuntimeException e) {
            reply(request.id(), Wire.REFUSED, RemoteFailureException.Description.of(e));
            return null;
        }
        Dispatcher.Call call = new Dispatcher.Call(request.target(), request.method(), arguments == null ? new Object[0] : arguments,
                request.context());
        return new TimedCall(request.target() + "#" + request.method(), () -> {
            Object result;
            try {
                result = dispatcher.dispatch(call);
            } catch (Throwable thrown) {
                reply(request.id(), Wire.EXCEPTION, thrown);
                return;
            }
            reply(request.id(), Wire.RESULT, result);
        }, averageNanos);
    }

    private void reply(long id, byte status, Object value) {
        replyLock.lock();
        try {
            byte kind = status;
            int length;
            try {
                length = encoder.encode(value, clientEpoch);
            } catch (ObjectCodecException e) {
                kind = Wire.DESCRIBED;
                Throwable described = value instanceof Throwable t ? t : e;
                length = encoder.encode(RemoteFailureException.Description.of(described), clientEpoch);
            }
            byte[] frame = Wire.reply(id, kind, (int) decoder.epoch(), encoder.array(), length);
            try {
                links.outgoing().send(LinkMessage.of(frame));
            } catch (RuntimeException e) {
                encoder.abandonSession();
                throw e;
            }
        } catch (LinkException e) {
            LOG.log(System.Logger.Level.DEBUG, "could not reply to call " + id + ": " + e.getMessage());
        } finally {
            replyLock.unlock();
        }
    }

    /** Completes when the server has stopped (its links closed). */
    public CompletableFuture<Void> onStop() {
        return stopped.copy();
    }

    /** Closes both links, which stops the server; calls still running have nowhere to reply. */
    @Override
    public void close() {
        links.incoming().close();
        links.outgoing().close();
    }
}
