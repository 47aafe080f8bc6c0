package dev.isola.appserver.ejb;

import jakarta.ejb.Schedule;
import jakarta.ejb.ScheduleExpression;
import jakarta.ejb.Schedules;
import jakarta.ejb.TimedObject;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;

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
 * from {@code @Schedule} methods and are created when the bean starts. All timers end when the
 * application is undeployed.
 */
final class BeanTimerService implements TimerService {

    private final BeanContainer container;
    private final Set<EjbTimer> timers = ConcurrentHashMap.newKeySet();
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

    /** Creates the automatic timers of the bean's {@code @Schedule} methods. */
    void startAutomaticTimers() {
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
                    add(new EjbTimer(this, m, s.info().isEmpty() ? null : s.info(), null, null, e));
                }
            }
        }
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

    void forget(EjbTimer timer) {
        timers.remove(timer);
    }

    void cancelAll() {
        for (EjbTimer t : List.copyOf(timers)) {
            t.end();
        }
    }

    private Method requireTimeoutMethod() {
        if (timeoutMethod == null) {
            throw new IllegalStateException("bean " + container.name() + " has no @Timeout method, so it cannot create programmatic timers");
        }
        return timeoutMethod;
    }

    private Timer single(Instant at, Serializable info) {
        return add(new EjbTimer(this, requireTimeoutMethod(), info, at, null, null));
    }

    private Timer interval(Instant first, long intervalMillis, Serializable info) {
        if (intervalMillis <= 0) {
            throw new IllegalArgumentException("interval must be positive: " + intervalMillis);
        }
        return add(new EjbTimer(this, requireTimeoutMethod(), info, first, Duration.ofMillis(intervalMillis), null));
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

    @Override
    public Timer createTimer(long duration, Serializable info) {
        return single(after(duration), info);
    }

    @Override
    public Timer createSingleActionTimer(long duration, TimerConfig config) {
        return single(after(duration), info(config));
    }

    @Override
    public Timer createTimer(long initialDuration, long intervalDuration, Serializable info) {
        return interval(after(initialDuration), intervalDuration, info);
    }

    @Override
    public Timer createIntervalTimer(long initialDuration, long intervalDuration, TimerConfig config) {
        return interval(after(initialDuration), intervalDuration, info(config));
    }

    @Override
    public Timer createTimer(Date expiration, Serializable info) {
        return single(at(expiration), info);
    }

    @Override
    public Timer createSingleActionTimer(Date expiration, TimerConfig config) {
        return single(at(expiration), info(config));
    }

    @Override
    public Timer createTimer(Date initialExpiration, long intervalDuration, Serializable info) {
        return interval(at(initialExpiration), intervalDuration, info);
    }

    @Override
    public Timer createIntervalTimer(Date initialExpiration, long intervalDuration, TimerConfig config) {
        return interval(at(initialExpiration), intervalDuration, info(config));
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
        return add(new EjbTimer(this, requireTimeoutMethod(), info(config), null, null, schedule));
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
