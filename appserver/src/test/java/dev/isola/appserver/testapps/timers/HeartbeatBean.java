package dev.isola.appserver.testapps.timers;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerService;

/** The common start-up pattern: make the hourly timer unless there is one already. */
@Singleton
@Startup
public class HeartbeatBean {

    @Resource
    private TimerService timers;

    @PostConstruct
    void makeTheTimerOnce() {
        if (timers.getTimers().isEmpty()) {
            timers.createTimer(3_600_000, 3_600_000, "heartbeat");
        }
    }

    public int timers() {
        return timers.getTimers().size();
    }

    @Timeout
    void beat() {
    }
}
