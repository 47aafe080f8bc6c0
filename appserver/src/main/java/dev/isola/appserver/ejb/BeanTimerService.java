package dev.isola.appserver.ejb;

import dev.isola.appserver.tx.LocalTransaction;
import jakarta.ejb.EJBException;
import jakarta.ejb.Schedule;
import jakarta.ejb.ScheduleExpression;
import jakarta.ejb.Schedules;
import jakarta.ejb.TimedObject;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.transaction.RollbackException;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;

import java.io.IOException;
import java.io.Serializable;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link TimerService} of one stateless or singleton bean: programmatic timers call the
 * bean's {@code @Timeout} method (or {@code TimedObject.ejbTimeout}); automatic timers come
 * from {@code @Schedule} methods and are created when the bean starts. Persistent timers (the
 * default) are kept in the application's {@link TimerStore} and come back at the next start;
 * all timers end when the application is undeployed.
 */
final class BeanTimerService implements TimerService {

    private static final System.Logger LOG = System.getLogger(BeanTimerService.class.getName());

    private final BeanContainer container;
    private final Set<EjbTimer> timers = ConcurrentHashMap.newKeySet();
    /** The automatic timers' records {@link #restorePersistentTimers} found, by id, until {@link #start} takes them. */
    private final java.util.Map<String, TimerStore.Stored> automaticRecords = new java.util.HashMap<>();
    /** The timers {@link #restorePersistentTimers} found, until {@link #start} arms them. */
    private final List<EjbTimer> restored = new ArrayList<>();
    private final Method timeoutMethod;

    BeanTimerService(BeanContainer container) {
        this.container = container;
        this.timeoutMethod = findTimeoutMethod(container.definition.beanClass());
    }

    BeanContainer container() {
        return container;
    }

    EjbServices services() {
        return container.services;
    }

    /** The timeout methods of {@code beanClass}: {@code @Timeout}, else {@code ejbTimeout} of {@link TimedObject}. */
    static Method findTimeoutMethod(Class<?> beanClass) {
        List<Method> annotated = InterceptorChains.annotatedMethods(beanClass, Timeout.class);
        if (!annotated.isEmpty()) {
            return annotated.getLast();
        }
        if (TimedObject.class.isAssignableFrom(beanClass)) {
            try {
                return beanClass.getMethod("ejbTimeout", Timer.class);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(e);
            }
        }
        return null;
    }

    /** The store of the application's persistent timers. */
    TimerStore store() {
        return container.application.timerStore();
    }

    /**
     * Lists the persistent programmatic timers the store holds for this bean, without arming them: called before the beans
     * start, so that a {@code @PostConstruct} asking {@link #getTimers()} sees them (and does not make them again).
     * A stored timer that cannot be used (its info's class is gone, the bean has no {@code @Timeout} method any more) is set
     * aside and logged.
     */
    void restorePersistentTimers() {
        for (TimerStore.Stored stored : store().load(container.name())) {
            if (stored.kind() == TimerStore.Kind.AUTOMATIC) {
                // Read once here, with the rest: start() takes them when it makes the automatic timers.
                automaticRecords.put(stored.id(), stored);
                continue;
            }
            if (timeoutMethod == null) {
                store().setAside(container.name(), stored.id(), "bean " + container.name() + " has no @Timeout method any more");
                continue;
            }
            Serializable info;
            try {
                info = stored.info() == null ? null : TimerStore.deserialize(stored.info(), container.definition.beanClass().getClassLoader());
            } catch (IOException | ClassNotFoundException | RuntimeException e) {
                store().setAside(container.name(), stored.id(), "its info cannot be read: " + e);
                continue;
            }
            EjbTimer timer = EjbTimer.restored(this, timeoutMethod, stored, info);
            timers.add(timer);
            restored.add(timer);
        }
    }

    /**
     * Arms the timers {@link #restorePersistentTimers} listed and creates the automatic timers of the bean's {@code @Schedule}
     * methods, once the beans have started. A persistent automatic timer's record says when it last ran; one whose method or
     * schedule is gone is deleted.
     */
    void start() {
        // Only these: timers the beans made meanwhile (in a @PostConstruct) are armed already.
        restored.forEach(EjbTimer::arm);
        restored.clear();
        java.util.Map<String, TimerStore.Stored> records = new java.util.HashMap<>(automaticRecords);
        automaticRecords.clear();
        for (Class<?> c = container.definition.beanClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                List<Schedule> schedules = new ArrayList<>();
                Schedule single = m.getAnnotation(Schedule.class);
                if (single != null) {
                    schedules.add(single);
                }
                Schedules many = m.getAnnotation(Schedules.class);
                if (many != null) {
                    schedules.addAll(List.of(many.value()));
                }
                for (Schedule s : schedules) {
                    m.setAccessible(true);
                    ScheduleExpression e = new ScheduleExpression().second(s.second()).minute(s.minute()).hour(s.hour())
                            .dayOfMonth(s.dayOfMonth()).month(s.month()).dayOfWeek(s.dayOfWeek()).year(s.year());
                    if (!s.timezone().isEmpty()) {
                        e.timezone(s.timezone());
                    }
                    String id = s.persistent() ? EjbTimer.automaticId(m, e) : null;
                    TimerStore.Stored record = id == null ? null : records.remove(id);
                    EjbTimer timer = EjbTimer.automatic(this, m, s.info().isEmpty() ? null : s.info(), e, id,
                            record == null ? null : record.lastExpiration());
                    if (s.persistent() && record == null) {
                        try {
                            // From now on an expiration missed while the server is down is known as missed.
                            timer.store(Instant.now());
                        } catch (IOException ex) {
                            LOG.log(System.Logger.Level.WARNING, "bean " + container.name() + ": the automatic timer of " + m.getName()
                                    + " cannot be stored (" + ex + "); an expiration missed while the server is down will not be run");
                        }
                    }
                    add(timer);
                }
            }
        }
        // Records of @Schedule methods or schedules that are no longer there.
        records.keySet().forEach(id -> store().delete(container.name(), id));
    }

    boolean hasAutomaticTimers() {
        for (Class<?> c = container.definition.beanClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.isAnnotationPresent(Schedule.class) || m.isAnnotationPresent(Schedules.class)) {
                    return true;
                }
            }
        }
        return false;
    }

    private Timer add(EjbTimer timer) {
        timers.add(timer);
        timer.arm();
        return timer;
    }

    /**
     * Makes a new programmatic timer: stored, if persistent, and armed; one that cannot be stored is not made. Made in a
     * transaction, it counts only if the transaction commits (section 13.2.8): listed at once, stored before the commit (a
     * timer that cannot be stored rolls the transaction back), armed after it; a rollback takes it away again.
     */
    private Timer addNew(EjbTimer timer) {
        LocalTransaction tx = services().transactionManager().currentTransaction();
        if (tx == null || !tx.isActive()) {
            storeNew(timer);
            return add(timer);
        }
        timers.add(timer);
        try {
            tx.registerSynchronization(new Synchronization() {
                @Override
                public void beforeCompletion() {
                    storeNew(timer);
                }

                @Override
                public void afterCompletion(int status) {
                    if (status == Status.STATUS_COMMITTED) {
                        timer.arm();
                    } else {
                        timer.discard();
                    }
                }
            });
        } catch (RollbackException e) {
            timers.remove(timer);
            throw new EJBException("the transaction is marked for rollback, so a timer made in it would never count", e);
        }
        return timer;
    }

    private void storeNew(EjbTimer timer) {
        try {
            timer.store(null);
        } catch (IOException e) {
            throw new EJBException("the persistent timer cannot be stored in " + store().directory() + ": " + e, e);
        }
    }

    /**
     * Cancels {@code timer}: at once, or, in a transaction, when it commits (a rollback leaves the timer as it was,
     * section 13.2.8).
     */
    void cancel(EjbTimer timer) {
        LocalTransaction tx = services().transactionManager().currentTransaction();
        if (tx == null || !tx.isActive()) {
            timer.end();
            return;
        }
        try {
            tx.registerSynchronization(new Synchronization() {
                @Override
                public void beforeCompletion() {
                }

                @Override
                public void afterCompletion(int status) {
                    if (status == Status.STATUS_COMMITTED) {
                        timer.end();
                    }
                }
            });
        } catch (RollbackException e) {
            throw new EJBException("the transaction is marked for rollback, so a cancellation in it would never count", e);
        }
    }

    /** The live persistent timer {@code id}, or null. */
    EjbTimer persistentTimer(String id) {
        return timers.stream().filter(t -> id.equals(t.id())).findFirst().orElse(null);
    }

    void forget(EjbTimer timer) {
        timers.remove(timer);
    }

    /** Stops every timer of the bean, whose application stops: persistent ones stay stored for the next start. */
    void stopAll() {
        for (EjbTimer t : List.copyOf(timers)) {
            t.stop();
        }
    }

    private Method requireTimeoutMethod() {
        if (timeoutMethod == null) {
            throw new IllegalStateException("bean " + container.name() + " has no @Timeout method, so it cannot create programmatic timers");
        }
        return timeoutMethod;
    }

    private Timer single(Instant at, Serializable info, boolean persistent) {
        return addNew(EjbTimer.programmatic(this, requireTimeoutMethod(), info, at, null, null, persistent));
    }

    private Timer interval(Instant first, long intervalMillis, Serializable info, boolean persistent) {
        if (intervalMillis <= 0) {
            throw new IllegalArgumentException("interval must be positive: " + intervalMillis);
        }
        return addNew(EjbTimer.programmatic(this, requireTimeoutMethod(), info, first, Duration.ofMillis(intervalMillis), null, persistent));
    }

    private static Instant after(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("duration must not be negative: " + millis);
        }
        return Instant.now().plusMillis(millis);
    }

    private static Instant at(Date date) {
        if (date == null || date.getTime() < 0) {
            throw new IllegalArgumentException("expiration must be a valid date: " + date);
        }
        return date.toInstant();
    }

    private static Serializable info(TimerConfig config) {
        return config == null ? null : config.getInfo();
    }

    /** Whether the timer {@code config} asks for is persistent: so by default, as {@code TimerConfig} and the older methods have it. */
    private static boolean persistent(TimerConfig config) {
        return config == null || config.isPersistent();
    }

    @Override
    public Timer createTimer(long duration, Serializable info) {
        return single(after(duration), info, true);
    }

    @Override
    public Timer createSingleActionTimer(long duration, TimerConfig config) {
        return single(after(duration), info(config), persistent(config));
    }

    @Override
    public Timer createTimer(long initialDuration, long intervalDuration, Serializable info) {
        return interval(after(initialDuration), intervalDuration, info, true);
    }

    @Override
    public Timer createIntervalTimer(long initialDuration, long intervalDuration, TimerConfig config) {
        return interval(after(initialDuration), intervalDuration, info(config), persistent(config));
    }

    @Override
    public Timer createTimer(Date expiration, Serializable info) {
        return single(at(expiration), info, true);
    }

    @Override
    public Timer createSingleActionTimer(Date expiration, TimerConfig config) {
        return single(at(expiration), info(config), persistent(config));
    }

    @Override
    public Timer createTimer(Date initialExpiration, long intervalDuration, Serializable info) {
        return interval(at(initialExpiration), intervalDuration, info, true);
    }

    @Override
    public Timer createIntervalTimer(Date initialExpiration, long intervalDuration, TimerConfig config) {
        return interval(at(initialExpiration), intervalDuration, info(config), persistent(config));
    }

    @Override
    public Timer createCalendarTimer(ScheduleExpression schedule) {
        return createCalendarTimer(schedule, null);
    }

    @Override
    public Timer createCalendarTimer(ScheduleExpression schedule, TimerConfig config) {
        if (schedule == null) {
            throw new IllegalArgumentException("schedule must not be null");
        }
        return addNew(EjbTimer.programmatic(this, requireTimeoutMethod(), info(config), null, null, schedule, persistent(config)));
    }

    @Override
    public Collection<Timer> getTimers() {
        return List.copyOf(timers);
    }

    @Override
    public Collection<Timer> getAllTimers() {
        return container.application.allTimers(container.definition.module());
    }
}
