package dev.isola.mvm.image;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How an image's AOT cache is recorded: an isolate of the image runs {@code mainClass} with
 * {@code arguments}, and the JDK writes every class it loaded and linked (and the method
 * profiles it gathered) into the cache when that isolate exits.
 *
 * <p>The training main should do what the image's isolates will do at startup and under a
 * little load (start the server, send it some requests), then return or call
 * {@code System.exit(0)}. Classes it never loads are not in the cache, and isolates load them
 * from the class path as usual. It must finish within {@code timeout}; a training run that
 * does not, or that exits with a status other than 0, produces no cache.
 *
 * <p>With {@code aotClassLinking} (the JDK's default), every isolate of the image loads and
 * links all classes of the cache as it starts, which saves it the linking work but makes the
 * cache's read-write pages of every class private in every isolate, needed or not. An image
 * whose isolates use different parts of it (a broker, a web server) is cheaper without.
 *
 * @param mainClass       the class whose {@code main} does the training work
 * @param arguments       its arguments
 * @param timeout         how long the training run may take before it is halted
 * @param aotClassLinking whether the cache is recorded with AOT class linking
 *                        ({@code -XX:+AOTClassLinking}); part of the cache key
 */
public record TrainingRun(String mainClass, List<String> arguments, Duration timeout, boolean aotClassLinking) {

    /** Training runs get this long unless told otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(3);

    public TrainingRun {
        Objects.requireNonNull(mainClass, "mainClass");
        Objects.requireNonNull(timeout, "timeout");
        arguments = List.copyOf(arguments);
        if (mainClass.isBlank()) {
            throw new IllegalArgumentException("training main class must not be blank");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("training timeout " + timeout + " must be positive");
        }
    }

    public TrainingRun(String mainClass, List<String> arguments, Duration timeout) {
        this(mainClass, arguments, timeout, true);
    }

    public TrainingRun(String mainClass, List<String> arguments) {
        this(mainClass, arguments, DEFAULT_TIMEOUT);
    }

    /** The same run, recording a cache whose classes each isolate loads and links only when it needs them. */
    public TrainingRun withoutAotClassLinking() {
        return new TrainingRun(mainClass, arguments, timeout, false);
    }
}
