package dev.isola.admin;

import dev.isola.domains.isolate.DomainTraining;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.image.TrainingRun;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The one image every isolate of the application server runs: the admin isolate and every
 * domain isolate, so that they all map one AOT cache. The image is a directory of jars
 * ({@code admin-isolate/target/image/lib/}), taken in name order so that the class path, and
 * with it the cache's key, is the same at every start.
 *
 * <p>Its training run ({@link DomainTraining}) boots a combined domain, deploys the Pet Store
 * when it is built and browses it, so the cache holds what domain isolates load at start and
 * under load. Without the cache (not recorded yet, or switched off) everything still starts,
 * only slower.
 */
public final class ServerImage {

    public static final String NAME = "isola";
    /** Booting a domain and deploying the Pet Store on a busy two-core machine. */
    static final Duration TRAINING_TIMEOUT = Duration.ofMinutes(5);

    private ServerImage() {
    }

    /**
     * @param library  the directory of jars
     * @param petstore the Pet Store EAR for the training run, if built
     * @param aotCache whether the image gets an AOT cache
     * @throws IllegalArgumentException if the directory holds no jars
     */
    public static Image of(Path library, Optional<Path> petstore, boolean aotCache) {
        List<Path> jars;
        try (Stream<Path> entries = Files.list(library)) {
            jars = entries.filter(p -> p.getFileName().toString().endsWith(".jar")).map(Path::toAbsolutePath).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the server image " + library + ": " + e.getMessage()
                    + " (build it with bin/mvn -pl admin-isolate -am package)", e);
        }
        if (jars.isEmpty()) {
            throw new IllegalArgumentException("the server image " + library + " has no jars (build it with bin/mvn -pl admin-isolate -am package)");
        }
        Image image = new Image(NAME, Path.of(System.getProperty("java.home")), jars);
        if (!aotCache) {
            return image;
        }
        List<String> arguments = petstore.filter(Files::isRegularFile).map(p -> List.of(p.toAbsolutePath().toString())).orElse(List.of());
        // Without AOT class linking: with it, every isolate loaded all ~10,600 classes of the image at
        // start, and the JMS isolate of a separated domain, which needs about 6,000, paid ~15 MB of
        // private class metadata for the rest (docs/results/breakdown/class-linking/).
        return image.withTraining(new TrainingRun(DomainTraining.class.getName(), arguments, TRAINING_TIMEOUT).withoutAotClassLinking());
    }
}
