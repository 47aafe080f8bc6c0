package dev.isola.appserver.ejb;

import dev.isola.mvm.io.LoaderObjectInputStream;
import jakarta.ejb.ScheduleExpression;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Where an application's persistent timers are kept, so that they outlive a restart of the
 * server (section 13.2.3 of the Enterprise Beans specification: timers survive "container
 * crashes, server shutdown and the activation/passivation and load/store cycles"): one small
 * file per timer in {@code <data>/timers/<deployment>/<bean>/}, each replaced whole (written
 * beside, forced to disk, moved over) whenever the timer's next expiration changes, deleted when
 * it ends. The files live in the domain's data directory, so a domain's backup holds them; an
 * undeployment deletes them, a stop leaves them for the next start.
 *
 * <p>A programmatic timer's file holds its kind, next expiration, interval or schedule and its
 * info, serialized (hence {@code Serializable}); an automatic ({@code @Schedule}) timer's holds the
 * last expiration it ran, which tells the next start whether one was missed while the server
 * was down.
 */
final class TimerStore {

    private static final System.Logger LOG = System.getLogger(TimerStore.class.getName());
    private static final String SUFFIX = ".timer";

    /** What a timer's file says. */
    record Stored(String id, Kind kind, Instant next, Long intervalMillis, ScheduleExpression schedule, byte[] info, String method,
                  Instant lastExpiration) {
    }

    enum Kind { SINGLE, INTERVAL, CALENDAR, AUTOMATIC }

    private final Path directory;

    /** @param directory {@code <data>/timers/<deployment>} */
    TimerStore(Path directory) {
        this.directory = directory;
    }

    Path directory() {
        return directory;
    }

    /** Writes {@code timer} of {@code bean}, replacing what was stored under its id. */
    void save(String bean, Stored timer) throws IOException {
        Properties p = new Properties();
        p.setProperty("kind", timer.kind().name());
        if (timer.next() != null) {
            p.setProperty("next", Long.toString(timer.next().toEpochMilli()));
        }
        if (timer.intervalMillis() != null) {
            p.setProperty("interval", Long.toString(timer.intervalMillis()));
        }
        if (timer.schedule() != null) {
            writeSchedule(p, timer.schedule());
        }
        if (timer.info() != null) {
            p.setProperty("info", Base64.getEncoder().encodeToString(timer.info()));
        }
        if (timer.method() != null) {
            p.setProperty("method", timer.method());
        }
        if (timer.lastExpiration() != null) {
            p.setProperty("lastExpiration", Long.toString(timer.lastExpiration().toEpochMilli()));
        }
        StringWriter text = new StringWriter();
        p.store(text, "a persistent timer of bean " + bean);
        Path beanDirectory = directory.resolve(fileName(bean));
        Files.createDirectories(beanDirectory);
        Path file = beanDirectory.resolve(fileName(timer.id()) + SUFFIX);
        Path temporary = beanDirectory.resolve(fileName(timer.id()) + ".writing");
        try (FileChannel out = FileChannel.open(temporary, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            out.write(java.nio.ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.ISO_8859_1)));
            // On disk before it replaces the last state: a crash leaves the old file or the new one, never half of one.
            out.force(true);
        }
        try {
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Deletes the timer {@code id} of {@code bean}; a timer that was never stored is no error. */
    void delete(String bean, String id) {
        try {
            Files.deleteIfExists(directory.resolve(fileName(bean)).resolve(fileName(id) + SUFFIX));
        } catch (IOException e) {
            // The timer has ended all the same; should the file come back at the next start, its timer expires once more.
            LOG.log(System.Logger.Level.WARNING, "cannot delete the stored timer " + id + " of bean " + bean + " in " + directory + ": " + e);
        }
    }

    /**
     * The timers stored for {@code bean}. A file that cannot be read is set aside as {@code <id>.unreadable}, logged with
     * why, and left out: one damaged timer does not stop the application.
     */
    List<Stored> load(String bean) {
        Path beanDirectory = directory.resolve(fileName(bean));
        if (!Files.isDirectory(beanDirectory)) {
            return List.of();
        }
        List<Stored> result = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> listing = Files.list(beanDirectory)) {
            files = listing.sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the stored timers of bean " + bean + " in " + beanDirectory, e);
        }
        for (Path file : files) {
            String name = file.getFileName().toString();
            if (name.endsWith(".writing")) {
                deleteQuietly(file); // a write cut short: the file it was to replace is still there
                continue;
            }
            if (!name.endsWith(SUFFIX)) {
                continue;
            }
            try {
                result.add(read(name.substring(0, name.length() - SUFFIX.length()), Files.readString(file, StandardCharsets.ISO_8859_1)));
            } catch (IOException | RuntimeException e) {
                setAside(file, bean, e.toString());
            }
        }
        return result;
    }

    /** Moves a stored timer that cannot be used out of the way, saying why. */
    void setAside(String bean, String id, String why) {
        setAside(directory.resolve(fileName(bean)).resolve(fileName(id) + SUFFIX), bean, why);
    }

    private void setAside(Path file, String bean, String why) {
        String name = file.getFileName().toString();
        Path aside = file.resolveSibling(name.substring(0, name.length() - SUFFIX.length()) + ".unreadable");
        try {
            Files.move(file, aside, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            why += "; and it cannot be moved aside: " + e;
        }
        LOG.log(System.Logger.Level.WARNING, "the stored timer " + file + " of bean " + bean + " is left out (set aside as " + aside.getFileName()
                + "): " + why);
    }

    /** Deletes every stored timer of the application: it is undeployed. */
    void deleteAll() {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(directory)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot delete the stored timers in " + directory + ": " + e);
        }
    }

    private static Stored read(String id, String text) throws IOException {
        Properties p = new Properties();
        p.load(new StringReader(text));
        Kind kind = Kind.valueOf(required(p, "kind"));
        Instant next = p.containsKey("next") ? Instant.ofEpochMilli(Long.parseLong(p.getProperty("next"))) : null;
        Long interval = p.containsKey("interval") ? Long.parseLong(p.getProperty("interval")) : null;
        ScheduleExpression schedule = p.containsKey("schedule.second") ? readSchedule(p) : null;
        byte[] info = p.containsKey("info") ? Base64.getDecoder().decode(p.getProperty("info")) : null;
        Instant last = p.containsKey("lastExpiration") ? Instant.ofEpochMilli(Long.parseLong(p.getProperty("lastExpiration"))) : null;
        if (kind == Kind.INTERVAL && (interval == null || interval <= 0)) {
            throw new IOException("an interval timer without a positive interval");
        }
        if ((kind == Kind.CALENDAR || kind == Kind.AUTOMATIC) && schedule == null) {
            throw new IOException("a " + kind.name().toLowerCase() + " timer without its schedule");
        }
        return new Stored(id, kind, next, interval, schedule, info, p.getProperty("method"), last);
    }

    private static String required(Properties p, String key) throws IOException {
        String value = p.getProperty(key);
        if (value == null) {
            throw new IOException("no " + key);
        }
        return value;
    }

    private static void writeSchedule(Properties p, ScheduleExpression s) {
        p.setProperty("schedule.second", s.getSecond());
        p.setProperty("schedule.minute", s.getMinute());
        p.setProperty("schedule.hour", s.getHour());
        p.setProperty("schedule.dayOfMonth", s.getDayOfMonth());
        p.setProperty("schedule.month", s.getMonth());
        p.setProperty("schedule.dayOfWeek", s.getDayOfWeek());
        p.setProperty("schedule.year", s.getYear());
        if (s.getTimezone() != null) {
            p.setProperty("schedule.timezone", s.getTimezone());
        }
        if (s.getStart() != null) {
            p.setProperty("schedule.start", Long.toString(s.getStart().getTime()));
        }
        if (s.getEnd() != null) {
            p.setProperty("schedule.end", Long.toString(s.getEnd().getTime()));
        }
    }

    private static ScheduleExpression readSchedule(Properties p) throws IOException {
        ScheduleExpression s = new ScheduleExpression().second(required(p, "schedule.second")).minute(required(p, "schedule.minute"))
                .hour(required(p, "schedule.hour")).dayOfMonth(required(p, "schedule.dayOfMonth")).month(required(p, "schedule.month"))
                .dayOfWeek(required(p, "schedule.dayOfWeek")).year(required(p, "schedule.year"));
        if (p.containsKey("schedule.timezone")) {
            s.timezone(p.getProperty("schedule.timezone"));
        }
        if (p.containsKey("schedule.start")) {
            s.start(new Date(Long.parseLong(p.getProperty("schedule.start"))));
        }
        if (p.containsKey("schedule.end")) {
            s.end(new Date(Long.parseLong(p.getProperty("schedule.end"))));
        }
        return s;
    }

    /** A timer's info as stored: Java serialization, as the specification makes info {@link Serializable}. */
    static byte[] serialize(Serializable info) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(info);
        }
        return bytes.toByteArray();
    }

    /** The info {@link #serialize} stored, its classes loaded by {@code loader} (the application's). */
    static Serializable deserialize(byte[] bytes, ClassLoader loader) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(bytes), loader)) {
            return (Serializable) in.readObject();
        }
    }

    /** A name safe as a file name whatever a bean or timer is called: kept when plain, else hex of its UTF-8 bytes. */
    static String fileName(String name) {
        return name.matches("[A-Za-z0-9_.-]{1,100}") && !name.startsWith(".") ? name
                : "x-" + HexFormat.of().formatHex(name.getBytes(StandardCharsets.UTF_8));
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // Left for the next start to try again; it is never read.
        }
    }
}
