package dev.isola.appserver.jms.client;

import jakarta.jms.CompletionListener;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Sends with a {@link CompletionListener} (asynchronous send): one thread per session, so
 * the sends of a session reach the broker, and their listeners are called, in order.
 */
final class AsyncSender {

    private final IsolaSession session;
    private ExecutorService executor;
    private Thread thread;

    interface Send {
        void run() throws JMSException;
    }

    AsyncSender(IsolaSession session) {
        this.session = session;
    }

    synchronized void submit(Message message, Send send, CompletionListener listener) {
        if (executor == null) {
            executor = Executors.newSingleThreadExecutor(Thread.ofVirtual().name("jms-async-send").factory());
        }
        executor.execute(() -> {
            synchronized (this) {
                thread = Thread.currentThread();
            }
            try {
                send.run();
                listener.onCompletion(message);
            } catch (JMSException e) {
                listener.onException(message, e);
            } catch (RuntimeException e) {
                listener.onException(message, JmsExceptions.wrap("asynchronous send failed", e));
            }
        });
    }

    /** A completion listener must not close, commit or roll back its own session (it would wait for itself). */
    void checkNotCompletionThread(String operation) throws IllegalStateException {
        synchronized (this) {
            if (thread != null && Thread.currentThread() == thread) {
                throw new IllegalStateException("a CompletionListener must not call " + operation + " on its own session");
            }
        }
    }

    /** Waits until every asynchronous send submitted so far has completed and its listener returned. */
    void drain() throws JMSException {
        Future<?> barrier;
        synchronized (this) {
            if (executor == null) {
                return;
            }
            barrier = executor.submit(() -> { });
        }
        try {
            barrier.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw JmsExceptions.wrap("interrupted while waiting for asynchronous sends of the session", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw JmsExceptions.wrap("waiting for asynchronous sends failed", e.getCause());
        }
    }

    void stop() {
        ExecutorService running;
        synchronized (this) {
            running = executor;
            executor = null;
        }
        if (running != null) {
            running.close();
        }
    }
}
