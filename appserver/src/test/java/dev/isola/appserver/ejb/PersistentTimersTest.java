package dev.isola.appserver.ejb;

import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.timers.HeartbeatBean;
import dev.isola.appserver.testapps.timers.ReminderBean;
import dev.isola.appserver.testapps.timers.TimersServlet;
import dev.isola.appserver.testapps.timers.Unserializable;
import jakarta.ejb.ScheduleExpression;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Persistent timers across restarts of a real server: kept, restored, run once when missed while
 * the server was down (programmatic and {@code @Schedule}), deleted when cancelled or undeployed,
 * a damaged one set aside. Times are an hour away, so nothing expires unless the test moved it.
 */
class PersistentTimersTest {

    private static final long HOUR = Duration.ofHours(1).toMillis();

    private RunningServer fixture;
    private Path archive;
    private Path log;

    @BeforeEach
    void deploy() throws IOException {
        fixture = new RunningServer();
        log = fixture.root().resolve("timers.log");
        System.setProperty(ReminderBean.LOG, log.toString());
        archive = fixture.export(TestApps.war("reminders.war", ReminderBean.class, HeartbeatBean.class, TimersServlet.class, Unserializable.class));
        fixture.server().deploy(archive);
    }

    @AfterEach
    void stop() throws Exception {
        fixture.close();
        System.clearProperty(ReminderBean.LOG);
    }

    private String op(String query) {
        return fixture.get("/reminders/timers?" + query);
    }

    /** Stops the server and starts it again, deploying the same archive, as a domain does at its next start. */
    private void restart() {
        fixture.restart();
        fixture.server().deploy(archive);
    }

    private TimerStore store() {
        return new TimerStore(fixture.root().resolve("data/timers/reminders"));
    }

    private String logged() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("gave up waiting for " + what);
            }
            Thread.sleep(50);
        }
    }

    @Test
    void persistentTimersComeBackAfterARestartAndTransientOnesDoNot() {
        String single = op("op=remind&info=p1&ms=" + HOUR + "&persistent=true");
        String interval = op("op=every&info=i1&ms=" + HOUR + "&interval=" + HOUR);
        op("op=remind&info=n1&ms=" + HOUR + "&persistent=false");
        assertEquals(List.of("i1 persistent", "n1 transient", "p1 persistent"), withoutTimes(op("op=list")));

        restart();
        // The next timeouts come back to the millisecond: they are stored as such.
        assertEquals(String.join("\n", interval, single), op("op=list"));
    }

    @Test
    void aStartupSingletonSeesItsStoredTimerInItsPostConstructAndDoesNotMakeASecond() {
        assertEquals("1", op("op=heartbeats"));
        restart();
        assertEquals("1", op("op=heartbeats"), "the stored timer is listed before @PostConstruct asks");
        restart();
        assertEquals("1", op("op=heartbeats"));
    }

    @Test
    void aTimerWhoseTimePassedWhileTheServerWasDownExpiresOnceAtTheNextStartAndKeepsItsPhase() throws Exception {
        op("op=remind&info=soon&ms=" + HOUR + "&persistent=true");
        op("op=every&info=tick&ms=" + HOUR + "&interval=" + HOUR);
        fixture.server().stop();
        // The server was down while both should have expired: the single one an hour ago, the interval one 3.5 intervals ago.
        Instant tickWas = null;
        for (TimerStore.Stored s : store().load("ReminderBean")) {
            Instant moved = s.intervalMillis() == null ? Instant.now().minusMillis(HOUR) : Instant.now().minusMillis(HOUR * 7 / 2);
            if (s.intervalMillis() != null) {
                tickWas = moved;
            }
            store().save("ReminderBean", new TimerStore.Stored(s.id(), s.kind(), moved, s.intervalMillis(), s.schedule(), s.info(), s.method(),
                    s.lastExpiration()));
        }
        restart();
        await("both to expire", () -> {
            try {
                return logged().contains("fired soon") && logged().contains("fired tick");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        String list = op("op=list");
        assertEquals(List.of("tick persistent"), withoutTimes(list), "the single-action timer ended after its one expiration");
        long next = Long.parseLong(list.split(" ")[2]);
        assertEquals(tickWas.toEpochMilli() + 4 * HOUR, next, "the interval timer goes on in phase: its next time after now");
        assertEquals(1, logged().lines().filter(l -> l.equals("fired tick")).count(), "missed expirations run once, not once each");
        restart();
        assertEquals(List.of("tick persistent"), withoutTimes(op("op=list")), "the ended timer is not stored any more");
    }

    @Test
    void aScheduleMissedWhileTheServerWasDownRunsOnceAndOnlyThen() throws Exception {
        fixture.server().stop();
        Method newYear = ReminderBean.class.getDeclaredMethod("newYear", jakarta.ejb.Timer.class);
        ScheduleExpression schedule = new ScheduleExpression().second("0").minute("0").hour("0").dayOfMonth("1").month("1").dayOfWeek("*")
                .year("*");
        String id = EjbTimer.automaticId(newYear, schedule);
        List<TimerStore.Stored> stored = store().load("ReminderBean");
        assertEquals(List.of(id), stored.stream().map(TimerStore.Stored::id).toList(), "the automatic timer's record, under the id its schedule makes");
        // As if the server had been down since before the last new year.
        TimerStore.Stored record = stored.getFirst();
        Instant before = Instant.now().minus(Duration.ofDays(400));
        store().save("ReminderBean", new TimerStore.Stored(record.id(), record.kind(), null, null, record.schedule(), null, record.method(), before));

        restart();
        await("the missed new year to run", () -> {
            try {
                return logged().contains("scheduled new-year");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        await("its run to be recorded", () -> store().load("ReminderBean").getFirst().lastExpiration().isAfter(before.plus(Duration.ofDays(300))));
        restart();
        op("op=list"); // the application is up, its start done
        assertEquals(1, logged().lines().filter(l -> l.equals("scheduled new-year")).count(), "once, and not again at the next start");
    }

    @Test
    void cancelledTimersAreGoneAfterARestartAndUndeployingDeletesTheRest() {
        op("op=remind&info=keep&ms=" + HOUR + "&persistent=true");
        op("op=remind&info=drop&ms=" + HOUR + "&persistent=true");
        assertEquals("cancelled drop", op("op=cancel&info=drop"));
        restart();
        assertEquals(List.of("keep persistent"), withoutTimes(op("op=list")));
        Path timers = fixture.root().resolve("data/timers/reminders");
        assertTrue(Files.isDirectory(timers));
        fixture.server().undeploy("reminders");
        assertFalse(Files.exists(timers), "undeployed: its timers go with it");
        fixture.server().deploy(archive);
        assertEquals("", op("op=list"), "a new deployment starts without them");
    }

    @Test
    void aStoredTimerThatCannotBeReadIsSetAsideAndTheOthersComeBack() throws IOException {
        op("op=remind&info=fine&ms=" + HOUR + "&persistent=true");
        fixture.server().stop();
        Path beanDirectory = fixture.root().resolve("data/timers/reminders/ReminderBean");
        Files.writeString(beanDirectory.resolve("damaged.timer"), "kind=INTERVAL\nnext=12\n");
        restart();
        assertEquals(List.of("fine persistent"), withoutTimes(op("op=list")));
        assertTrue(Files.exists(beanDirectory.resolve("damaged.unreadable")), "set aside for a look, not deleted");
        assertFalse(Files.exists(beanDirectory.resolve("damaged.timer")));
    }

    @Test
    void aPersistentTimerWhoseInfoCannotBeSerializedIsNotMade() {
        String answer = op("op=unserializable");
        assertTrue(answer.startsWith("refused: ") && answer.contains("the info of a persistent timer is stored with it, so it must be serializable"),
                answer);
        assertEquals("", op("op=list"), "no timer made");
    }

    @Test
    void aTimerMadeOrCancelledInATransactionThatRollsBackIsAsBefore() {
        String failed = op("op=remind-then-fail&info=ghost");
        assertTrue(failed.startsWith("refused: "), failed);
        assertEquals("", op("op=list"), "the timer made in the rolled-back transaction is gone");
        assertEquals(List.of(), store().load("ReminderBean").stream().filter(t -> t.kind() != TimerStore.Kind.AUTOMATIC).toList(),
                "nor is it stored");

        op("op=remind&info=stays&ms=" + HOUR + "&persistent=true");
        String cancelFailed = op("op=cancel-then-fail&info=stays");
        assertTrue(cancelFailed.startsWith("refused: "), cancelFailed);
        assertEquals(List.of("stays persistent"), withoutTimes(op("op=list")), "the cancellation was rolled back");
        restart();
        assertEquals(List.of("stays persistent"), withoutTimes(op("op=list")), "and it is still stored");
        assertEquals("cancelled stays", op("op=cancel&info=stays"));
        assertEquals("", op("op=list"));
    }

    @Test
    void aPersistentTimersHandleFindsItAgainAfterARestartUntilItEnds() {
        op("op=remind&info=handled&ms=" + HOUR + "&persistent=true");
        String kept = op("op=handle&info=handled");
        restart();
        assertEquals("timer handled", op("op=handle&info=handled&kept=" + kept), "the handle outlives the restart");
        op("op=cancel&info=handled");
        assertEquals("gone: the timer of this handle (bean ReminderBean) has expired or was cancelled", op("op=handle&info=x&kept=" + kept));
        op("op=remind&info=transient&ms=" + HOUR + "&persistent=false");
        assertEquals("refused: EJBException: java.lang.IllegalStateException: a timer that is not persistent has no handle",
                op("op=handle&info=transient"), "the bean's system exception, as the container wraps it");
    }

    private static List<String> withoutTimes(String list) {
        return list.lines().map(l -> l.substring(0, l.lastIndexOf(' '))).toList();
    }
}
