package dev.isola.appserver.jms.isolate;

import dev.isola.appserver.jms.broker.DestinationStats;
import dev.isola.appserver.jms.config.BrokerConfig;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.jms.isolate.workloads.SendAndHold;
import dev.isola.appserver.jms.server.JmsServer;
import dev.isola.appserver.jms.server.JmsServerMain;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.MemorySize;
import dev.isola.mvm.isolate.MvmHome;
import dev.isola.mvm.isolate.TerminationCause;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Durability with real isolate processes, combined placement: the isolate that holds the
 * JMS sub-server and its sending client is halted (killed: no shutdown hook, nothing
 * flushed) right after its last send returned; the sub-server restarted on the same store
 * must give back exactly the messages that were sent and not acknowledged, the ones that
 * had been delivered flagged as redelivered. Twenty times by default, on one store.
 */
class DurabilityIsolateTest {

    /** Twenty by default; {@code -Djms.durability.repetitions=200} runs a longer soak. */
    private static final int REPETITIONS = Integer.getInteger("jms.durability.repetitions", 20);
    private static final int EARLY = 12;
    private static final int ACKED = 3;
    private static final int HELD = 3;
    private static final int LATE = 24;
    private static final int PRODUCERS = 4;

    @TempDir
    static Path home;
    private static String previousHome;

    @BeforeAll
    static void isolateHome() {
        previousHome = System.getProperty(MvmHome.PROPERTY);
        System.setProperty(MvmHome.PROPERTY, home.resolve("mvm").toString());
    }

    @AfterAll
    static void restoreHome() {
        if (previousHome == null) {
            System.clearProperty(MvmHome.PROPERTY);
        } else {
            System.setProperty(MvmHome.PROPERTY, previousHome);
        }
    }

    /** This JDK and the test class path: isolates run the test workloads from it. */
    private static Image testImage() {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return new Image("jms-test", Path.of(System.getProperty("java.home")),
                Arrays.stream(classPath.split(File.pathSeparator)).filter(s -> !s.isBlank()).map(Path::of).toList());
    }

    private static IsolateSpec.Builder spec(Class<?> main, String name) {
        return IsolateSpec.builder(main.getName()).name(name).image(testImage()).maxHeap(MemorySize.parse("128m"))
                .collector(GarbageCollector.SERIAL).jvmOption("-XX:TieredStopAtLevel=1");
    }

    private static void awaitFile(Path file, Isolate isolate) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(file)) {
            if (isolate.onExit().isDone()) {
                throw new AssertionError("isolate ended before writing " + file + ": " + isolate.onExit().get().cause()
                        + "\n" + Files.readString(isolate.runDirectory().orElseThrow().resolve("stderr.log")));
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("isolate did not write " + file + " within 60 s");
            }
            Thread.sleep(2);
        }
    }

    private static Set<Integer> indexes(String line) {
        String value = line.substring(line.indexOf('=') + 1).strip();
        return value.isEmpty() ? Set.of() : Arrays.stream(value.split(",")).map(Integer::valueOf).collect(Collectors.toSet());
    }

    @Test
    void noMessageSentIsLostAndNoAcknowledgedMessageComesBackAcrossRepeatedHalts() throws Exception {
        Path dataDir = home.resolve("jms-data");
        int total = EARLY + LATE;
        for (int run = 1; run <= REPETITIONS; run++) {
            Path marker = home.resolve("sent-" + run);
            Isolate isolate = new Isolate(spec(SendAndHold.class, "jms-combined-" + run)
                    .arguments(dataDir.toString(), marker.toString(), Integer.toString(run), Integer.toString(EARLY),
                            Integer.toString(ACKED), Integer.toString(HELD), Integer.toString(LATE), Integer.toString(PRODUCERS))
                    .build()).start();
            awaitFile(marker, isolate);
            assertEquals(new TerminationCause.Halted(9), isolate.halt(9).get(10, TimeUnit.SECONDS).cause());

            List<String> report = Files.readAllLines(marker);
            Set<Integer> acked = indexes(report.get(0));
            Set<Integer> held = indexes(report.get(1));
            assertEquals(ACKED, acked.size());
            assertEquals(HELD, held.size());

            try (JmsServer restarted = JmsServer.start(BrokerConfig.builder(dataDir).queue("durable").build())) {
                Connection c = restarted.connectionFactory().createConnection();
                c.start();
                Session s = c.createSession(Session.CLIENT_ACKNOWLEDGE);
                MessageConsumer consumer = s.createConsumer(s.createQueue("durable"));
                Set<Integer> expected = IntStream.range(0, total).boxed().filter(i -> !acked.contains(i)).collect(Collectors.toSet());
                // A listener takes them in one prefetch window (one store commit for all delivery counts).
                List<Message> got = new CopyOnWriteArrayList<>();
                CountDownLatch all = new CountDownLatch(expected.size());
                consumer.setMessageListener(message -> {
                    got.add(message);
                    all.countDown();
                });
                assertTrue(all.await(30, TimeUnit.SECONDS), "run " + run + ": only " + got.size() + " of " + expected.size() + " came back");
                c.stop();
                consumer.setMessageListener(null);
                c.start();
                assertNull(consumer.receiveNoWait(), "run " + run + ": more messages came back than were sent and not acknowledged");
                Set<Integer> received = new TreeSet<>();
                Set<Integer> redelivered = new HashSet<>();
                for (Message m : got) {
                    int index = m.getIntProperty("index");
                    assertEquals(Integer.toString(run), m.getStringProperty("run"), "a message of an earlier run came back");
                    assertTrue(received.add(index), "run " + run + ": message " + index + " delivered twice");
                    if (m.getJMSRedelivered()) {
                        redelivered.add(index);
                        assertEquals(2, m.getIntProperty("JMSXDeliveryCount"), "run " + run + ": count of " + index);
                    } else {
                        assertEquals(1, m.getIntProperty("JMSXDeliveryCount"));
                    }
                }
                assertEquals(expected, received, "run " + run + ": exactly the sent and unacknowledged messages come back");
                assertEquals(held, redelivered, "run " + run + ": exactly the delivered, unacknowledged ones are flagged");
                got.getLast().acknowledge();
                DestinationStats queue = restarted.destination("durable", DestinationType.QUEUE).orElseThrow();
                assertEquals(0, queue.depth() + queue.inFlight(), "run " + run + ": the store is empty for the next run");
                c.close();
            }
        }
    }

    @Test
    void theJmsServerMainRunsInAnIsolateOfItsOwnAndStopsCleanlyOnExit() throws Exception {
        Path dataDir = home.resolve("main-data");
        Isolate isolate = new Isolate(spec(JmsServerMain.class, "jms-main")
                .arguments("--data-dir", dataDir.toString(), "--queue", "orders,maxDeliveryAttempts=3", "--topic", "prices").build()).start();
        Path stdout = isolate.runDirectory().orElseThrow().resolve("stdout.log");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!(Files.exists(stdout) && Files.readString(stdout).contains("ready"))) {
            assertTrue(System.nanoTime() < deadline && !isolate.onExit().isDone(), "jms-server did not get ready");
            Thread.sleep(5);
        }
        assertTrue(Files.readString(stdout).contains("jms-server 'jms' ready: 3 destinations"), Files.readString(stdout));
        assertEquals(new TerminationCause.Exited(0), isolate.exit(0).get(30, TimeUnit.SECONDS).cause());

        Isolate refused = new Isolate(spec(JmsServerMain.class, "jms-main-bad")
                .arguments("--data-dir", dataDir.toString(), "--queue", "orders,maxDeliveryAttempts=many").build()).start();
        assertEquals(new TerminationCause.Exited(2), refused.onExit().get(30, TimeUnit.SECONDS).cause());
        String error = Files.readString(refused.runDirectory().orElseThrow().resolve("stderr.log"));
        assertTrue(error.contains("maxDeliveryAttempts of destination 'orders' is 'many'"), error);
    }
}
