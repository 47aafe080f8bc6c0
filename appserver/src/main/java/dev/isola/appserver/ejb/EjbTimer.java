package dev.isola.appserver.ejb;

import jakarta.ejb.NoMoreTimeoutsException;
import jakarta.ejb.NoSuchObjectLocalException;
import jakarta.ejb.ScheduleExpression;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerHandle;

import java.io.IOException;
import java.io.Serializable;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A timer: single-action, interval or calendar-based, created by the bean (programmatic) or from
 * a {@code @Schedule} method (automatic). Each expiration runs the bean's timeout callback
 * through the container, in a new transaction unless the callback says otherwise; a callback
 * that fails is retried once, as section 13.4.3 asks.
 *
 * <p>A persistent timer (the default of {@code TimerConfig} and of {@code @Schedule}) is kept in
 * the application's {@link TimerStore} from its creation to its end, so that the next start of
 * the server arms it again; an expiration that fell while the server was down runs once, at
 * once, and the timer goes on from there (an interval timer keeps its phase; a calendar timer
 * takes its next time after now), rather than once for every expiration missed. Non-persistent
 * timers end with the application. Made or cancelled in a transaction, a timer counts only if it
 * commits ({@link BeanTimerService}).
 */
final class EjbTimer implements Timer {

    private static final System.Logger LOG = System.getLogger(EjbTimer.class.getName());

    private final BeanTimerService owner;
    private final Method callback;
    private final Serializable info;
    /** The info as stored, for a persistent programmatic timer. */
    private final byte[] storedInfo;
    private final Duration interval;
    private final ScheduleExpression schedule;
    private final CalendarSchedule calendar;
    private final boolean automatic;
    /** The stored timer's id; null for a timer that is not persistent. */
    private final String id;
    private volatile Instant next;
    /** Cancelled, or no expiration left: gone for good. */
    private volatile boolean ended;
    /** The application stopped: the timer does not run here any more, but a stored one stays for the next start. */
    private volatile boolean stopped;
    private ScheduledFuture<?> pending;

    private EjbTimer(BeanTimerService owner, Method callback, Serializable info, byte[] storedInfo, Duration interval, ScheduleExpression schedule,
                     boolean automatic, String id, Instant next) {
        this.owner = owner;
        this.callback = callback;
        this.info = info;
        this.storedInfo = storedInfo;
        this.interval = interval;
        this.schedule = schedule;
        this.calendar = schedule == null ? null : new CalendarSchedule(schedule);
        this.automatic = automatic;
        this.id = id;
        this.next = next;
    }

    /**
     * A new programmatic timer, first expiring at {@code first} (or at its schedule's first time).
     *
     * @throws IllegalArgumentException if a persistent timer's info cannot be serialized
     */
    static EjbTimer programmatic(BeanTimerService owner, Method callback, Serializable info, Instant first, Duration interval,
                                 ScheduleExpression schedule, boolean persistent) {
        byte[] stored = null;
        if (persistent && info != null) {
            try {
                stored = TimerStore.serialize(info);
            } catch (IOException e) {
                throw new IllegalArgumentException("the info of a persistent timer is stored with it, so it must be serializable: " + e, e);
            }
        }
        EjbTimer timer = new EjbTimer(owner, callback, info, stored, interval, schedule, false, persistent ? java.util.UUID.randomUUID().toString() : null,
                null);
        timer.next = timer.calendar != null ? timer.calendar.next(Instant.now().minusMillis(1)) : first;
        return timer;
    }

    /** A programmatic timer a start finds stored: it expires next at what the store says, at once if that has passed. */
    static EjbTimer restored(BeanTimerService owner, Method callback, TimerStore.Stored stored, Serializable info) {
        Duration interval = stored.intervalMillis() == null ? null : Duration.ofMillis(stored.intervalMillis());
        return new EjbTimer(owner, callback, info, stored.info(), interval, stored.schedule(), false, stored.id(), stored.next());
    }

    /**
     * The automatic timer of a {@code @Schedule} method. A persistent one with {@code lastExpiration} stored (the last
     * expiration it ran, or when it was first created) whose schedule had a time between then and now missed it while the
     * server was down: it expires once at once.
     *
     * @param id its {@link #automaticId}; null for a timer that is not persistent
     */
    static EjbTimer automatic(BeanTimerService owner, Method callback, String info, ScheduleExpression schedule, String id,
                              Instant lastExpiration) {
        EjbTimer timer = new EjbTimer(owner, callback, info, null, null, schedule, true, id, null);
        Instant now = Instant.now();
        Instant missed = lastExpiration == null ? null : timer.calendar.next(lastExpiration);
        timer.next = missed != null && missed.isBefore(now) ? now : timer.calendar.next(now.minusMillis(1));
        return timer;
    }

    /** An automatic timer's id: the same for the same method and schedule at every start. */
    static String automaticId(Method callback, ScheduleExpression schedule) {
        String text = callback.getName() + " " + new CalendarSchedule(schedule);
        return "auto-" + callback.getName() + "-" + java.util.HexFormat.of().formatHex(sha256(text), 0, 8);
    }

    private static byte[] sha256(String text) {
        try {
            return java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    String id() {
        return id;
    }

    /**
     * Writes the timer to the store: a persistent programmatic timer as it is, a persistent automatic one with
     * {@code lastExpiration}. A timer that is not persistent is not written.
     *
     * @throws IOException when the store cannot be written
     */
    void store(Instant lastExpiration) throws IOException {
        if (id == null) {
            return;
        }
        TimerStore.Kind kind = automatic ? TimerStore.Kind.AUTOMATIC : schedule != null ? TimerStore.Kind.CALENDAR
                : interval != null ? TimerStore.Kind.INTERVAL : TimerStore.Kind.SINGLE;
        owner.store().save(owner.container().name(), new TimerStore.Stored(id, kind, automatic ? null : next,
                interval == null ? null : interval.toMillis(), schedule, storedInfo, automatic ? callback.getName() : null, lastExpiration));
    }

    /** Arms the timer for its next expiration, or ends it if there is none. */
    synchronized void arm() {
        if (ended || stopped) {
            return;
        }
        if (next == null) {
            end();
            return;
        }
        long delay = Math.max(0, Duration.between(Instant.now(), next).toMillis());
        pending = owner.services().scheduler().schedule(() -> owner.services().asyncExecutor().execute(this::expire), delay, TimeUnit.MILLISECONDS);
    }

    private void expire() {
        if (ended || stopped) {
            return;
        }
        Instant fired = next;
        try {
            runCallback();
        } catch (Exception first) {
            try {
                runCallback();
            } catch (Exception second) {
                LOG.log(System.Logger.Level.WARNING, "application " + owner.container().application.name() + ", bean " + owner.container().name()
                        + ": timeout callback " + callback.getName() + " failed twice: " + second);
            }
        }
        synchronized (this) {
            if (ended || stopped) {
                // cancelled by its own callback, or the application stopped meanwhile
                return;
            }
            Instant now = Instant.now();
            if (calendar != null) {
                next = calendar.next(fired.isAfter(now) ? fired : now);
            } else if (interval != null) {
                next = nextInterval(fired, now);
            } else {
                next = null;
            }
        }
        if (next != null) {
            try {
                store(fired);
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "application " + owner.container().application.name() + ", bean " + owner.container().name()
                        + ": the timer's next expiration cannot be stored (" + e + "); should the server stop, the timer expires again at its"
                        + " next start");
            }
        }
        arm();
    }

    /** The first expiration of the interval after {@code now}: in phase with the first, expirations that passed meanwhile skipped. */
    private Instant nextInterval(Instant fired, Instant now) {
        Instant candidate = fired.plus(interval);
        if (candidate.isAfter(now)) {
            return candidate;
        }
        long passed = Duration.between(fired, now).toMillis() / interval.toMillis() + 1;
        return fired.plus(interval.multipliedBy(passed));
    }

    private void runCallback() throws Exception {
        owner.container().timeout(callback, this);
    }

    /** Ends the timer: no further expiration, not listed any more, no longer stored. */
    synchronized void end() {
        ended = true;
        if (pending != null) {
            pending.cancel(false);
        }
        owner.forget(this);
        if (id != null) {
            owner.store().delete(owner.container().name(), id);
        }
    }

    /** Takes away a timer whose making was rolled back: it was never armed, and what {@code beforeCompletion} stored goes. */
    synchronized void discard() {
        end();
    }

    /** Stops the timer in this run of the application, which is stopping; a stored one stays stored for the next start. */
    synchronized void stop() {
        stopped = true;
        if (pending != null) {
            pending.cancel(false);
        }
        owner.forget(this);
    }

    private void requireLive() {
        if (ended || stopped) {
            throw new NoSuchObjectLocalException("the timer has expired or was cancelled");
        }
    }

    @Override
    public void cancel() {
        requireLive();
        owner.cancel(this);
    }

    @Override
    public long getTimeRemaining() {
        requireLive();
        Instant n = next;
        if (n == null) {
            throw new NoMoreTimeoutsException();
        }
        return Math.max(0, Duration.between(Instant.now(), n).toMillis());
    }

    @Override
    public Date getNextTimeout() {
        requireLive();
        Instant n = next;
        if (n == null) {
            throw new NoMoreTimeoutsException();
        }
        return Date.from(n);
    }

    @Override
    public ScheduleExpression getSchedule() {
        requireLive();
        if (schedule == null) {
            throw new IllegalStateException("not a calendar-based timer");
        }
        return schedule;
    }

    @Override
    public boolean isPersistent() {
        requireLive();
        return id != null;
    }

    @Override
    public boolean isCalendarTimer() {
        requireLive();
        return schedule != null;
    }

    @Override
    public Serializable getInfo() {
        requireLive();
        return info;
    }

    @Override
    public TimerHandle getHandle() {
        requireLive();
        if (id == null) {
            throw new IllegalStateException("a timer that is not persistent has no handle");
        }
        return new EjbTimerHandle(owner.container().application.name(), owner.container().name(), id);
    }

    @Override
    public String toString() {
        return "Timer[" + owner.container().name() + "." + callback.getName() + (schedule != null ? " " + calendar : "")
                + (info != null ? " info=" + info : "") + (id != null ? " persistent" : "") + "]";
    }
}
