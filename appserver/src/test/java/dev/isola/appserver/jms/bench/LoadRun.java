package dev.isola.appserver.jms.bench;

import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One measured run: producer threads send as fast as a window of unconsumed messages
 * allows (each send synchronous), listener consumers take them with AUTO_ACKNOWLEDGE. The
 * window keeps the queue short, so end-to-end latency is the provider's, not a backlog's.
 */
final class LoadRun {

    /** What one run measured. Latencies in microseconds. */
    record Result(double sentPerSecond, double receivedPerSecond, double sendP50, double sendP99, double endToEndP50,
                  double endToEndP95, double endToEndP99) {
    }

    private final BenchProvider provider;
    private final boolean persistent;
    private final int producers;
    private final int consumers;
    private final int window;
    private final String body;
    private volatile boolean stop;
    private volatile long measureFrom;
    private volatile long measureTo;

    LoadRun(BenchProvider provider, boolean persistent, int producers, int consumers, int window, int messageSize) {
        this.provider = provider;
        this.persistent = persistent;
        this.producers = producers;
        this.consumers = consumers;
        this.window = window;
        this.body = "x".repeat(messageSize);
    }

    Result run(long seconds) throws Exception {
        Semaphore inFlight = new Semaphore(window);
        AtomicLong sent = new AtomicLong();
        AtomicLong received = new AtomicLong();
        List<Samples> sendLatency = new ArrayList<>();
        List<Samples> endToEnd = new ArrayList<>();
        measureFrom = Long.MAX_VALUE;
        measureTo = Long.MAX_VALUE;
        stop = false;
        try (Connection connection = provider.connectionFactory().createConnection()) {
            connection.start();
            for (int c = 0; c < consumers; c++) {
                Session session = connection.createSession(Session.AUTO_ACKNOWLEDGE);
                MessageConsumer consumer = session.createConsumer(session.createQueue(BenchProvider.QUEUE));
                Samples samples = new Samples();
                endToEnd.add(samples);
                consumer.setMessageListener(message -> {
                    long now = System.nanoTime();
                    try {
                        long t0 = message.getLongProperty("t0");
                        if (t0 >= measureFrom && now <= measureTo) {
                            samples.add(now - t0);
                        }
                    } catch (JMSException e) {
                        throw new IllegalStateException(e);
                    }
                    received.incrementAndGet();
                    inFlight.release();
                });
            }
            List<Thread> threads = new ArrayList<>();
            for (int p = 0; p < producers; p++) {
                Samples samples = new Samples();
                sendLatency.add(samples);
                threads.add(Thread.ofPlatform().name("bench-producer-" + p).start(() -> produce(connection, inFlight, sent, samples)));
            }
            long start = System.nanoTime();
            measureFrom = start;
            long sentAtStart = sent.get();
            long receivedAtStart = received.get();
            Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
            long end = System.nanoTime();
            measureTo = end;
            long sentInWindow = sent.get() - sentAtStart;
            long receivedInWindow = received.get() - receivedAtStart;
            stop = true;
            for (Thread t : threads) {
                t.join();
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (received.get() < sent.get()) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(provider.name() + ": only " + received.get() + " of " + sent.get() + " messages arrived");
                }
                Thread.sleep(10);
            }
            double elapsed = (end - start) / 1e9;
            long[] send = Samples.sortedUnion(sendLatency);
            long[] e2e = Samples.sortedUnion(endToEnd);
            return new Result(sentInWindow / elapsed, receivedInWindow / elapsed, Samples.percentileMicros(send, 50),
                    Samples.percentileMicros(send, 99), Samples.percentileMicros(e2e, 50), Samples.percentileMicros(e2e, 95),
                    Samples.percentileMicros(e2e, 99));
        }
    }

    private void produce(Connection connection, Semaphore inFlight, AtomicLong sent, Samples samples) {
        try (Session session = connection.createSession(Session.AUTO_ACKNOWLEDGE)) {
            Queue queue = session.createQueue(BenchProvider.QUEUE);
            MessageProducer producer = session.createProducer(queue);
            producer.setDeliveryMode(persistent ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
            while (!stop) {
                if (!inFlight.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                    continue;
                }
                TextMessage message = session.createTextMessage(body);
                long t0 = System.nanoTime();
                message.setLongProperty("t0", t0);
                producer.send(message);
                long done = System.nanoTime();
                if (t0 >= measureFrom && done <= measureTo) {
                    samples.add(done - t0);
                }
                sent.incrementAndGet();
            }
        } catch (JMSException | InterruptedException e) {
            throw new IllegalStateException(provider.name() + " producer failed", e);
        }
    }
}
