package dev.isola.mvm.isolate;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.Properties;

/**
 * The run directory of one isolate, {@code <mvm home>/isolates/<id>/}, and what lives in it:
 *
 * <pre>
 *   isolate.properties      descriptor, written by the creator before the spawn
 *   process.properties      pid and process start time, written by the creator after it
 *   state.properties        phase and exit status, written by the isolate itself
 *   exit-request            the status {@link Isolate#exit} asked for
 *   halt-request            present when {@link Isolate#halt} killed it
 *   take-over               written when a waiting spare is taken over (the descriptor is then its new purpose's)
 *   termination.properties  the cause, written by whoever saw it end
 *   stdout.log, stderr.log  the isolate's output
 * </pre>
 *
 * Files, rather than a pipe to the creator, because an isolate outlives its creator: an
 * orphan must not die of a broken pipe, and an adopter must find everything in one place.
 */
record IsolateDirectory(Path path) {

    Path descriptor() { return path.resolve("isolate.properties"); }

    Path process() { return path.resolve("process.properties"); }

    Path state() { return path.resolve("state.properties"); }

    Path exitRequest() { return path.resolve("exit-request"); }

    Path haltRequest() { return path.resolve("halt-request"); }

    Path takeOverRequest() { return path.resolve("take-over"); }

    Path termination() { return path.resolve("termination.properties"); }

    Path stdout() { return path.resolve("stdout.log"); }

    Path stderr() { return path.resolve("stderr.log"); }

    String id() { return path.getFileName().toString(); }

    void writeProcess(ProcessIdentity identity) throws IOException {
        Properties p = new Properties();
        p.setProperty("pid", Long.toString(identity.pid()));
        p.setProperty("start", identity.start().toString());
        AtomicFiles.write(process(), out -> p.store(out, null));
    }

    ProcessIdentity readProcess() {
        Properties p = new Properties();
        try (var in = Files.newInputStream(process())) {
            p.load(in);
            return new ProcessIdentity(Long.parseLong(p.getProperty("pid")), Instant.parse(p.getProperty("start")));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    void writeTermination(TerminationCause cause, Instant at) throws IOException {
        Properties p = new Properties();
        p.setProperty("at", at.toString());
        p.setProperty("description", cause.describe());
        p.setProperty("kind", cause.getClass().getSimpleName());
        AtomicFiles.write(termination(), out -> p.store(out, null));
    }

    /** The recorded cause's description, or null while no observer has recorded an end. */
    String readTerminationDescription() {
        Properties p = new Properties();
        try (var in = Files.newInputStream(termination())) {
            p.load(in);
            return p.getProperty("description");
        } catch (IOException e) {
            return null;
        }
    }

    /** When an observer recorded the isolate's end; empty while none has (it runs, or it is a frozen spare). */
    Optional<Instant> readTerminationTime() {
        Properties p = new Properties();
        try (var in = Files.newInputStream(termination())) {
            p.load(in);
            return Optional.of(Instant.parse(p.getProperty("at")));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The last {@code maxBytes} of a log file, for error messages. */
    static String tail(Path file, int maxBytes) {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            long length = raf.length();
            long from = Math.max(0, length - maxBytes);
            byte[] bytes = new byte[(int) (length - from)];
            raf.seek(from);
            raf.readFully(bytes);
            String text = new String(bytes, StandardCharsets.UTF_8);
            if (from > 0) {
                int newline = text.indexOf('\n');
                text = newline >= 0 ? text.substring(newline + 1) : text;
            }
            return text.strip();
        } catch (IOException e) {
            return "";
        }
    }
}
