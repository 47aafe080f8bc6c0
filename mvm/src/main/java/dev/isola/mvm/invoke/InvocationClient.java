package dev.isola.mvm.invoke;

import dev.isola.mvm.link.LinkClosedException;
import dev.isola.mvm.link.LinkException;
import dev.isola.mvm.link.LinkMessage;
import dev.isola.mvm.link.LinkTimeoutException;
import dev.isola.mvm.link.codec.ClassAllowList;
import dev.isola.mvm.link.codec.ObjectCodec;
import dev.isola.mvm.link.codec.Serializers;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The calling side of a {@link LinkPair}: proxies whose calls become requests, and replies
 * matched to waiting calls by correlation id. Any number of threads (virtual ones included) may
 * call at once; each waits for its own reply, up to its timeout.
 *
 * <p>There is no reply thread: one waiting caller at a time reads the reply link and hands each
 * reply to its call, until its own arrives; then it wakes another waiting caller to take over.
 * A lone caller thus reads its own reply, with no thread hand-off on the way (a hand-off costs
 * more than the whole round trip on a loaded two-core machine).
 *
 * <p>What a caller sees: the result, a copy; an exception the method declares, as itself (a
 * copy, with the remote stack, and the local call site as a suppressed exception); anything
 * else as a {@link RemoteInvocationException} whose cause is the remote exception with the
 * remote stack; no reply in time as an {@link InvocationTimeoutException}. Once the links
 * close, waiting and later calls fail with a {@link RemoteInvocationException} caused by the
 * {@link LinkClosedException}.
 */
public final class InvocationClient implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(InvocationClient.class.getName());

    private record Reply(Wire.Reply header, Object value, RuntimeException undecodable) {
    }

    /** A call waiting for its reply, and the thread to wake when it may have to read replies itself. */
    private record Waiting(CompletableFuture<Reply> reply, Thread caller) {
    }

    /** How long a caller waiting on another caller's reading sleeps before it looks again, at most. */
    private static final long NUDGE_NANOS = 5_000_000L;

    private final LinkPair links;
    private final Duration defaultTimeout;
    private final ObjectCodec.Encoder encoder;
    private final ObjectCodec.Decoder decoder;
    private final Map<Long, Waiting> pending = new ConcurrentHashMap<>();
    private final ReentrantLock readLock = new ReentrantLock();
    private final AtomicLong ids = new AtomicLong();
    private final ReentrantLock sendLock = new ReentrantLock();
    private volatile int serverEpoch;
    private volatile RuntimeException closedBecause;
    private volatile ClassAllowList results;

    private InvocationClient(LinkPair links, Duration defaultTimeout, ClassLoader loader, ClassAllowList results, Serializers serializers) {
        this.links = links;
        this.defaultTimeout = defaultTimeout;
        this.results = results.allow(RemoteFailureException.Description.class);
        this.encoder = ObjectCodec.newEncoder(loader, serializers);
        this.decoder = ObjectCodec.newDecoder(this.results, loader, serializers);
    }

    /**
     * A client over {@code links}; calls wait {@code defaultTimeout} for their reply unless
     * {@link Invoker#withTimeout} says otherwise.
     */
    public static InvocationClient open(LinkPair links, Duration defaultTimeout) {
        return open(links, defaultTimeout, Serializers.COMPILED);
    }

    /**
     * A client as {@link #open(LinkPair, Duration)} makes, copying values with {@code serializers}
     * ({@link Serializers#INTERPRETED} for a link that carries few calls).
     */
    public static InvocationClient open(LinkPair links, Duration defaultTimeout, Serializers serializers) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return open(links, defaultTimeout, context != null ? context : InvocationClient.class.getClassLoader(), ClassAllowList.defaults(), serializers);
    }

    /**
     * A client whose values are resolved in {@code loader} and whose replies may hold the
     * classes {@code results} allows (an application's classes, for calls into its beans), on
     * top of what the proxies it makes add. Use {@link #invoke} to call without a proxy.
     */
    public static InvocationClient open(LinkPair links, Duration defaultTimeout, ClassLoader loader, ClassAllowList results) {
        return open(links, defaultTimeout, loader, results, Serializers.COMPILED);
    }

    private static InvocationClient open(LinkPair links, Duration defaultTimeout, ClassLoader loader, ClassAllowList results, Serializers serializers) {
        Objects.requireNonNull(links, "links");
        Objects.requireNonNull(serializers, "serializers");
        Objects.requireNonNull(loader, "loader");
        Objects.requireNonNull(results, "results");
        if (defaultTimeout == null || defaultTimeout.isNegative() || defaultTimeout.isZero()) {
            throw new IllegalArgumentException("the default call timeout must be positive, not " + defaultTimeout);
        }
        return new InvocationClient(links, defaultTimeout, loader, results, serializers);
    }

    /**
     * A proxy that calls {@code target} on the other side through {@code api}. Results and
     * declared exceptions of {@code api} are allowed in replies from now on.
     */
    public <T> T proxy(Class<T> api, String target) {
        Objects.requireNonNull(target, "target");
        if (!api.isInterface()) {
            throw new IllegalArgumentException(api.getName() + " is not an interface; proxies are made for interfaces");
        }
        synchronized (this) {
            results = SignatureClasses.allowResults(results, api);
            decoder.allowList(results);
        }
        Object proxy = Proxy.newProxyInstance(api.getClassLoader(), new Class<?>[]{api}, (self, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> self == args[0];
                    case "hashCode" -> System.identityHashCode(self);
                    default -> "proxy of " + api.getName() + " for target '" + target + "' over " + links.outgoing().id();
                };
            }
            return call(target, method, args == null ? new Object[0] : args, "");
        });
        return api.cast(proxy);
    }

    /**
     * Calls {@code method} on {@code target} on the other side, as a proxy made for the
     * method's interface would: for callers with proxies of their own (a container's views).
     * What the method returns and throws must be allowed in replies (see {@link #open}).
     */
    public Object invoke(String target, Method method, Object[] arguments) throws Throwable {
        return invoke(target, method, arguments, "");
    }

    /**
     * {@link #invoke(String, Method, Object[])} with a context for the server's container
     * ({@link Dispatcher.Call#context()}): who the caller is, for example.
     */
    public Object invoke(String target, Method method, Object[] arguments, String context) throws Throwable {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(context, "context");
        return call(target, method, arguments == null ? new Object[0] : arguments, context);
    }

    private Object call(String target, Method method, Object[] arguments, String context) throws Throwable {
        Duration timeout = Invoker.TIMEOUT.orElse(defaultTimeout);
        long deadline = System.nanoTime() + timeout.toNanos();
        String what = method.getDeclaringClass().getSimpleName() + "." + method.getName() + " on target '" + target + "'";
        RuntimeException closed = closedBecause;
        if (closed != null) {
            throw new RemoteInvocationException(what + " failed: " + closed.getMessage(), closed);
        }
        long id = ids.incrementAndGet();
        Waiting waiting = new Waiting(new CompletableFuture<>(), Thread.currentThread());
        pending.put(id, waiting);
        try {
            sendLock.lock();
            try {
                int length = encoder.encode(arguments, serverEpoch);
                byte[] frame = Wire.request(id, (int) decoder.epoch(), target, MethodKey.of(method), context, encoder.array(), length);
                try {
                    links.outgoing().send(LinkMessage.of(frame), timeout);
                } catch (RuntimeException e) {
                    encoder.abandonSession();
                    throw e;
                }
            } finally {
                sendLock.unlock();
            }
            awaitReply(waiting, deadline);
            return interpret(waiting.reply().get(), method, what);
        } catch (TimeoutException e) {
            throw new InvocationTimeoutException(what + ": no reply within " + timeout);
        } catch (ExecutionException e) {
            throw new RemoteInvocationException(what + " failed: " + e.getCause().getMessage(), e.getCause());
        } catch (LinkException e) {
            throw new RemoteInvocationException(what + " could not be sent: " + e.getMessage(), e);
        } finally {
            pending.remove(id);
        }
    }

    /** Waits until the reply is in, reading the reply link whenever no other caller does. */
    private void awaitReply(Waiting waiting, long deadline) throws TimeoutException {
        while (!waiting.reply().isDone()) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                throw new TimeoutException();
            }
            if (readLock.tryLock()) {
                try {
                    readUntilDone(waiting, deadline);
                } finally {
                    readLock.unlock();
                    nudgeAnotherCaller(waiting);
                }
            } else {
                LockSupport.parkNanos(this, Math.min(remaining, NUDGE_NANOS));
            }
            if (Thread.currentThread().isInterrupted() && !waiting.reply().isDone()) {
                throw new RemoteInvocationException("interrupted while waiting for a reply; the call may still run in the server", null);
            }
        }
    }

    private void readUntilDone(Waiting waiting, long deadline) {
        while (!waiting.reply().isDone()) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                return;
            }
            LinkMessage message;
            try {
                message = links.incoming().receive(Duration.ofNanos(Math.min(remaining, NUDGE_NANOS)));
            } catch (LinkTimeoutException e) {
                continue;
            } catch (LinkClosedException e) {
                failAll(e);
                return;
            } catch (LinkException e) {
                // A frame that is not a reply at all: no call can be matched to it.
                LOG.log(System.Logger.Level.WARNING, "dropped a reply on " + links.incoming().id() + ": " + e.getMessage());
                continue;
            }
            deliver(message);
        }
    }

    private void nudgeAnotherCaller(Waiting me) {
        for (Waiting other : pending.values()) {
            if (other != me && !other.reply().isDone()) {
                LockSupport.unpark(other.caller());
                return;
            }
        }
    }

    private static Object interpret(Reply reply, Method method, String what) throws Throwable {
        if (reply.undecodable() != null) {
            throw new RemoteInvocationException(what + ": the reply could not be copied here: " + reply.undecodable().getMessage(), reply.undecodable());
        }
        return switch (reply.header().status()) {
            case Wire.RESULT -> reply.value();
            case Wire.EXCEPTION -> {
                Throwable remote = (Throwable) reply.value();
                boolean declared = Arrays.stream(method.getExceptionTypes()).anyMatch(t -> t.isInstance(remote));
                if (declared && !(remote instanceof RuntimeException) && !(remote instanceof Error)) {
                    remote.addSuppressed(new RemoteInvocationException("called here: " + what, null));
                    throw remote;
                }
                throw new RemoteInvocationException(what + " threw " + remote, remote);
            }
            case Wire.DESCRIBED -> {
                RemoteFailureException.Description d = (RemoteFailureException.Description) reply.value();
                throw new RemoteInvocationException(what + " threw " + d.className() + " (not copyable): " + d.message(),
                        new RemoteFailureException(d.className(), d.message(), d.stack()));
            }
            default -> {
                RemoteFailureException.Description d = (RemoteFailureException.Description) reply.value();
                throw new RemoteInvocationException(what + " was refused by the server: " + d.message(),
                        new RemoteFailureException(d.className(), d.message(), d.stack()));
            }
        };
    }

    private void deliver(LinkMessage message) {
        if (!(message instanceof LinkMessage.Bytes(byte[] frame))) {
            LOG.log(System.Logger.Level.WARNING, "dropped a " + message.getClass().getSimpleName() + " message on "
                    + links.incoming().id() + ": replies are bytes");
            return;
        }
        Wire.Reply header;
        try {
            header = Wire.readReply(frame);
        } catch (LinkException e) {
            LOG.log(System.Logger.Level.WARNING, e.getMessage());
            return;
        }
        serverEpoch = header.epoch();
        Reply reply;
        try {
            reply = new Reply(header, decoder.decode(frame, header.valueOffset(), frame.length - header.valueOffset()), null);
        } catch (RuntimeException e) {
            reply = new Reply(header, null, e);
        }
        Waiting waiting = pending.get(header.id());
        if (waiting != null) {
            waiting.reply().complete(reply);
            LockSupport.unpark(waiting.caller());
        }
    }

    private void failAll(RuntimeException cause) {
        closedBecause = cause;
        for (Waiting waiting : pending.values()) {
            waiting.reply().completeExceptionally(cause);
            LockSupport.unpark(waiting.caller());
        }
    }

    /** How many calls wait for their reply now. */
    public int callsInFlight() {
        return pending.size();
    }

    /** Closes both links; calls in flight fail. */
    @Override
    public void close() {
        links.outgoing().close();
        links.incoming().close();
    }
}
