package dev.isola.appserver.ejb;

import jakarta.ejb.NoMoreTimeoutsException;
import jakarta.ejb.NoSuchObjectLocalException;
import jakarta.ejb.ScheduleExpression;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerHandle;

import java.io.Serializable;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A timer: single-action, interval or calendar-based. It lives in memory only (timers do not
 * survive a restart; {@link #isPersistent()} is false). Each expiration runs the bean's
 * timeout callback through the container, in a new transaction unless the callback says
 * otherwise; a callback that fails is retried once, as section 13.4.3 asks.
 */
final class EjbTimer implements Timer {

    private static final System.Logger LOG = System.getLogger(EjbTimer.class.getName());

    private final BeanTimerService owner;
    private final Method callback;
    private final Serializable info;
    private final Duration interval;
    private final ScheduleExpression schedule;
    private final CalendarSchedule calendar;
    private volatile Instant next;
    private volatile boolean ended;
    private ScheduledFuture<?> pending;

    EjbTimer(BeanTimerService owner, Method callback, Serializable info, Instant first, Duration interval, ScheduleExpression schedule) {
        this.owner = owner;
        this.callback = callback;
        this.info = info;
        this.interval = interval;
        this.schedule = schedule;
        this.calendar = schedule == null ? null : new CalendarSchedule(schedule);
        this.next = calendar != null ? calendar.next(Instant.now().minusMillis(1)) : first;
    }

    /** Arms the timer for its next expiration, or ends it if there is none. */
    synchronized void arm() {
        if (ended) {
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
        if (ended) {
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
            if (calendar != null) {
                next = calendar.next(fired);
            } else if (interval != null) {
                Instant candidate = fired.plus(interval);
                Instant now = Instant.now();
                next = candidate.isBefore(now) ? now : candidate;
            } else {
                next = null;
            }
        }
        arm();
    }

    private void runCallback() throws Exception {
        owner.container().timeout(callback, this);
    }

    /** Ends the timer: no further expiration, not listed any more. */
    synchronized void end() {
        ended = true;
        if (pending != null) {
            pending.cancel(false);
        }
        owner.forget(this);
    }

    private void requireLive() {
        if (ended) {
            throw new NoSuchObjectLocalException("the timer has expired or was cancelled");
        }
    }

    @Override
    public void cancel() {
        requireLive();
        end();
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
        return false;
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
        throw new IllegalStateException("timers of this server are not persistent and have no handle");
    }

    @Override
    public String toString() {
        return "Timer[" + owner.container().name() + "." + callback.getName() + (schedule != null ? " " + calendar : "")
                + (info != null ? " info=" + info : "") + "]";
    }
}
