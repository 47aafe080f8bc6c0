package dev.isola.appserver.testapps.ejbs;

import jakarta.annotation.Resource;
import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;

import java.util.ArrayList;
import java.util.List;

@Singleton
@Startup
public class TickerBean {
    private int scheduled;
    private final List<String> timeouts = new ArrayList<>();

    @Resource
    private TimerService timers;

    @Schedule(second = "*", minute = "*", hour = "*", persistent = false, info = "every second")
    void everySecond(Timer timer) {
        if ("every second".equals(timer.getInfo())) {
            scheduled++;
        }
    }

    @Timeout
    void timeout(Timer timer) {
        timeouts.add(String.valueOf(timer.getInfo()));
        if (timer.getInfo() instanceof String s && s.startsWith("interval") && timeouts.stream().filter(t -> t.startsWith("interval")).count() >= 3) {
            timer.cancel();
        }
    }

    public void startTimers() {
        timers.createSingleActionTimer(50, new TimerConfig("once", false));
        timers.createIntervalTimer(50, 50, new TimerConfig("interval", false));
    }

    @Lock(LockType.READ)
    public String state() {
        long intervals = timeouts.stream().filter("interval"::equals).count();
        boolean intervalLive = timers.getTimers().stream().anyMatch(t -> "interval".equals(t.getInfo()));
        return "scheduled>=2:" + (scheduled >= 2) + " once:" + timeouts.contains("once") + " intervals:" + intervals + " intervalLive:" + intervalLive
                + " automatic:" + timers.getTimers().stream().filter(Timer::isCalendarTimer).count();
    }
}
