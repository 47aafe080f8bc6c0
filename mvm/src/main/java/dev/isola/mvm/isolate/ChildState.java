package dev.isola.mvm.isolate;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.OptionalInt;
import java.util.Properties;

/**
 * What an isolate reports about itself through its run directory: the phase it reached and,
 * once it exits in an orderly way, the status it exited with. The child writes it; creators,
 * adopters and {@code bin/mvm ps} read it. Written atomically, so a reader never sees half
 * a state.
 *
 * @param exitCode   the status passed to {@code Runtime.exit}, when the isolate exited that way
 * @param note       why it failed to start, or why it is exiting (for example "orphaned")
 * @param generation which purpose of the process the state is about: 0 for what it was started as,
 *                   1 once a spare was taken over ({@link Isolate#takeOver}), so that the taking
 *                   handle does not mistake the spare's own start for its own
 */
record ChildState(Phase phase, Instant at, long pid, OptionalInt exitCode, String note, int generation) {

    /**
     * {@code SPARE}: a spare isolate whose warm-up returned, waiting to be taken over
     * ({@link Isolate#startSpare}). {@code WARM_UP_FAILED}: a spare whose warm-up (its main
     * method) threw; it reached its main method, so a creator that only sees this last state
     * (a warm-up that fails within milliseconds) still counts the spare as started, and learns
     * why it failed from {@link Isolate#spareReady}.
     */
    enum Phase { LAUNCHED, STARTED, SPARE, WARM_UP_FAILED, FAILED_TO_START, EXITING }

    static final ChildState NONE = new ChildState(Phase.LAUNCHED, Instant.EPOCH, -1, OptionalInt.empty(), "");

    ChildState(Phase phase, Instant at, long pid, OptionalInt exitCode, String note) {
        this(phase, at, pid, exitCode, note, 0);
    }

    void writeTo(Path file) throws IOException {
        Properties p = new Properties();
        p.setProperty("phase", phase.name());
        p.setProperty("at", at.toString());
        p.setProperty("pid", Long.toString(pid));
        exitCode.ifPresent(code -> p.setProperty("exitCode", Integer.toString(code)));
        p.setProperty("note", note);
        p.setProperty("generation", Integer.toString(generation));
        AtomicFiles.write(file, out -> {
            try (var w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8)) {
                p.store(w, null);
            }
        });
    }

    /** The state in {@code file}, or {@link #NONE} when the child has not written one yet. */
    static ChildState readFrom(Path file) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (NoSuchFileException e) {
            return NONE;
        } catch (IOException e) {
            return NONE;
        }
        String code = p.getProperty("exitCode");
        return new ChildState(
                Phase.valueOf(p.getProperty("phase", Phase.LAUNCHED.name())),
                Instant.parse(p.getProperty("at", Instant.EPOCH.toString())),
                Long.parseLong(p.getProperty("pid", "-1")),
                code == null ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(code)),
                p.getProperty("note", ""),
                Integer.parseInt(p.getProperty("generation", "0")));
    }

    /** Whether the child ended its start (or its spare's warm-up) itself and wrote why in {@link #note}. */
    boolean failedWithReason() {
        return phase == Phase.FAILED_TO_START || phase == Phase.WARM_UP_FAILED;
    }

    boolean reachedMain() {
        return phase == Phase.STARTED || phase == Phase.SPARE || phase == Phase.WARM_UP_FAILED || phase == Phase.EXITING;
    }
}
