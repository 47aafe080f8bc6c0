package dev.isola.loadtests.workload;

import dev.isola.mvm.image.Image;
import dev.isola.mvm.image.TrainingRun;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Embedded Tomcat 11 serving one servlet that queries an embedded Derby database
 * ({@link TomcatDerbyServer}), run from the jars of {@code load-tests/target/image/server}.
 */
public final class TomcatDerbyWorkload implements ServerWorkload {

    private final Image image;

    private TomcatDerbyWorkload(Image image) {
        this.image = image;
    }

    /**
     * @param serverLib the directory of the server's jars
     * @throws IOException naming the directory when it has no jars
     */
    public static TomcatDerbyWorkload from(Path serverLib, Path javaHome) throws IOException {
        List<Path> jars;
        try (Stream<Path> files = Files.list(serverLib)) {
            jars = files.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
        }
        if (jars.isEmpty()) {
            throw new IOException("no jars in " + serverLib + "; build them with: bin/mvn -pl load-tests -am package -DskipTests");
        }
        return new TomcatDerbyWorkload(new Image("tomcat-derby", javaHome, jars)
                .withTraining(new TrainingRun(TomcatDerbyTraining.class.getName(), List.of())));
    }

    @Override
    public String name() {
        return "tomcat-derby";
    }

    @Override
    public Image image() {
        return image;
    }

    @Override
    public String mainClass() {
        return TomcatDerbyServer.class.getName();
    }

    @Override
    public List<String> arguments(int port, Path work) {
        return List.of(Integer.toString(port), work.toString());
    }

    @Override
    public String requestPath(int request) {
        return TomcatDerbyServer.PATH + "?below=" + (request % 100);
    }
}
