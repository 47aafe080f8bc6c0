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
 * @param mainClass the class whose {@code main} does the training work
 * @param arguments its arguments
 * @param timeout   how long the training run may take before it is halted
 */
public record TrainingRun(String mainClass, List<String> arguments, Duration timeout) {

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

    public TrainingRun(String mainClass, List<String> arguments) {
        this(mainClass, arguments, DEFAULT_TIMEOUT);
    }
}
