package dev.isola.appserver.testapps.timers;

import jakarta.annotation.Resource;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.stream.Collectors;

/**
 * Makes, lists and cancels timers; each expiration, programmatic or of its yearly
 * {@code @Schedule}, appends a line to the file the system property {@value #LOG} names.
 */
@Singleton
public class ReminderBean {

    public static final String LOG = "isola.test.timers.log";

    @Resource
    private TimerService timers;

    public String remind(String info, long delayMillis, boolean persistent) {
        return describe(timers.createSingleActionTimer(delayMillis, new TimerConfig(info, persistent)));
    }

    public String every(String info, long firstMillis, long intervalMillis) {
        return describe(timers.createIntervalTimer(firstMillis, intervalMillis, new TimerConfig(info, true)));
    }

    public String rememberUnserializable() {
        return describe(timers.createSingleActionTimer(3_600_000, new TimerConfig(new Unserializable(), true)));
    }

    /** Makes a timer, then fails: the container rolls the transaction back, and the timer with it. */
    public String remindThenFail(String info) {
        timers.createSingleActionTimer(3_600_000, new TimerConfig(info, true));
        throw new IllegalStateException("failing after making timer " + info);
    }

    /** Cancels a timer, then fails: the cancellation is rolled back. */
    public String cancelThenFail(String info) {
        cancel(info);
        throw new IllegalStateException("failing after cancelling timer " + info);
    }

    /** The timer {@code info}'s handle, kept as bytes (as in a database row), or the timer it stands for: "gone" once it ended. */
    public String handle(String info, String kept) throws IOException, ClassNotFoundException {
        if (kept == null) {
            for (Timer t : timers.getTimers()) {
                if (info.equals(t.getInfo())) {
                    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
                    try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
                        out.writeObject(t.getHandle());
                    }
                    return java.util.Base64.getUrlEncoder().encodeToString(bytes.toByteArray());
                }
            }
            return "no timer " + info;
        }
        try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(java.util.Base64.getUrlDecoder().decode(kept)))) {
            jakarta.ejb.TimerHandle handle = (jakarta.ejb.TimerHandle) in.readObject();
            try {
                return "timer " + handle.getTimer().getInfo();
            } catch (jakarta.ejb.NoSuchObjectLocalException e) {
                return "gone: " + e.getMessage();
            }
        }
    }

    public String cancel(String info) {
        for (Timer t : timers.getTimers()) {
            if (info.equals(t.getInfo())) {
                t.cancel();
                return "cancelled " + info;
            }
        }
        return "no timer " + info;
    }

    /** One line per programmatic timer (not the {@code @Schedule} one): info, persistent or not, next timeout in epoch milliseconds. */
    public String list() {
        return timers.getTimers().stream().filter(t -> !t.isCalendarTimer()).sorted(Comparator.comparing(t -> String.valueOf(t.getInfo()))).map(ReminderBean::describe)
                .collect(Collectors.joining("\n"));
    }

    private static String describe(Timer t) {
        return t.getInfo() + " " + (t.isPersistent() ? "persistent" : "transient") + " " + t.getNextTimeout().getTime();
    }

    @Timeout
    void fired(Timer timer) {
        record("fired " + timer.getInfo());
    }

    @Schedule(month = "1", dayOfMonth = "1", hour = "0", minute = "0", second = "0", info = "new-year")
    void newYear(Timer timer) {
        record("scheduled " + timer.getInfo());
    }

    private static void record(String line) {
        try {
            Files.writeString(Path.of(System.getProperty(LOG)), line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
