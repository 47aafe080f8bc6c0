package dev.isola.loadtests.workload;

import dev.isola.mvm.image.Image;

import java.nio.file.Path;
import java.util.List;

/**
 * A server the isolate benchmarks start many of: how to run one (as a plain JVM or as an
 * isolate of {@link #image}), and the URL path whose first 200 response means "ready".
 * The Tomcat + Derby stand-in is {@link TomcatDerbyWorkload}; a real application domain
 * takes its place by implementing this.
 */
public interface ServerWorkload {

    /** A short name for results and the image. */
    String name();

    /** The image to run it from, with the training run that records its AOT cache. */
    Image image();

    String mainClass();

    /** Arguments that make one instance serve on {@code port} and keep its files under {@code work}. */
    List<String> arguments(int port, Path work);

    /** The path to poll for readiness and to send warm-up requests to. */
    String requestPath(int request);
}
