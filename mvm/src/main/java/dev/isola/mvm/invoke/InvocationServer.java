package dev.isola.mvm.invoke;

import dev.isola.mvm.link.LinkClosedException;
import dev.isola.mvm.link.LinkException;
import dev.isola.mvm.link.LinkMessage;
import dev.isola.mvm.link.codec.ClassAllowList;
import dev.isola.mvm.link.codec.ObjectCodec;
import dev.isola.mvm.link.codec.ObjectCodecException;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The serving side of a {@link LinkPair}: one thread takes requests in order, decodes their
 * arguments (only classes the argument allow-list names), and runs each call on a virtual
 * thread of its own through the {@link Dispatcher}, so slow calls do not hold up others.
 * Replies go back in the order calls finish.
 *
 * <p>A request whose arguments cannot be decoded is answered with a refusal naming the reason,
 * so the caller fails at once instead of timing out. An exception that cannot be copied is
 * answered with its class, message and stack trace. The server runs until its links close.
 */
public final class InvocationServer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(InvocationServer.class.getName());

    private final LinkPair links;
    private final Dispatcher dispatcher;
    private final ObjectCodec.Decoder decoder;
    private final ObjectCodec.Encoder encoder = ObjectCodec.newEncoder();
    private final ReentrantLock replyLock = new ReentrantLock();
    private final CompletableFuture<Void> stopped = new CompletableFuture<>();
    private volatile int clientEpoch;

    private InvocationServer(LinkPair links, Dispatcher dispatcher, ClassAllowList arguments) {
        this.links = links;
        this.dispatcher = dispatcher;
        this.decoder = ObjectCodec.newDecoder(arguments);
    }

    /**
     * Serves calls arriving on {@code links.incoming()} with {@code dispatcher}, decoding only
     * argument classes {@code arguments} allows.
     */
    public static InvocationServer start(LinkPair links, Dispatcher dispatcher, ClassAllowList arguments) {
        InvocationServer server = new InvocationServer(Objects.requireNonNull(links, "links"), Objects.requireNonNull(dispatcher, "dispatcher"),
                Objects.requireNonNull(arguments, "arguments"));
        Thread.ofPlatform().daemon().name("mvm-invoke-requests-" + links.incoming().id()).start(server::serve);
        return server;
    }

    /** Serves the targets, allowing the argument classes their interfaces name. */
    public static InvocationServer start(LinkPair links, Targets targets) {
        return start(links, targets, targets.allowedArguments());
    }

    private void serve() {
        try {
            while (true) {
                LinkMessage message;
                try {
                    message = links.incoming().receive();
                } catch (LinkClosedException e) {
                    return;
                } catch (LinkException e) {
                    LOG.log(System.Logger.Level.WARNING, "dropped a request on " + links.incoming().id() + ": " + e.getMessage());
                    continue;
                }
                if (!(message instanceof LinkMessage.Bytes(byte[] frame))) {
                    LOG.log(System.Logger.Level.WARNING, "dropped a " + message.getClass().getSimpleName() + " message on "
                            + links.incoming().id() + ": requests are bytes");
                    continue;
                }
                accept(frame);
            }
        } finally {
            stopped.complete(null);
        }
    }

    private void accept(byte[] frame) {
        Wire.Request request;
        try {
            request = Wire.readRequest(frame);
        } catch (LinkException e) {
            LOG.log(System.Logger.Level.WARNING, e.getMessage());
            return;
        }
        clientEpoch = request.epoch();
        Object[] arguments;
        try {
            arguments = (Object[]) decoder.decode(frame, request.valueOffset(), frame.length - request.valueOffset());
        } catch (RuntimeException e) {
            reply(request.id(), Wire.REFUSED, RemoteFailureException.Description.of(e));
            return;
        }
        Dispatcher.Call call = new Dispatcher.Call(request.target(), request.method(), arguments == null ? new Object[0] : arguments);
        Thread.ofVirtual().name("mvm-invoke-call-" + request.id()).start(() -> {
            Object result;
            try {
                result = dispatcher.dispatch(call);
            } catch (Throwable thrown) {
                reply(request.id(), Wire.EXCEPTION, thrown);
                return;
            }
            reply(request.id(), Wire.RESULT, result);
        });
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
