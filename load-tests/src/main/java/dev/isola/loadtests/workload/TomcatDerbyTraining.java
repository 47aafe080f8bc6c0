package dev.isola.loadtests.workload;

import org.apache.catalina.startup.Tomcat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The training run of the Tomcat + Derby image: starts the server on a free port, sends it
 * the requests a warm-up would, stops it and exits, so that the AOT cache holds what startup
 * and the first requests load.
 */
public final class TomcatDerbyTraining {

    static final int REQUESTS = 200;

    private TomcatDerbyTraining() {
    }

    public static void main(String[] args) throws Exception {
        Path work = Files.createTempDirectory("tomcat-derby-training");
        Tomcat tomcat = TomcatDerbyServer.start(0, work);
        URI base = URI.create("http://127.0.0.1:" + TomcatDerbyServer.port(tomcat) + TomcatDerbyServer.PATH + "?below=");
        try (HttpClient client = HttpClient.newHttpClient()) {
            for (int i = 0; i < REQUESTS; i++) {
                HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(base.toString() + (i % 100))).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() != 200) {
                    throw new IllegalStateException("training request " + i + " got " + response.statusCode() + ": " + response.body());
                }
            }
        }
        TomcatDerbyServer.stop(tomcat);
        // Derby and Tomcat leave non-daemon threads behind; the cache is written as the JVM exits.
        System.exit(0);
    }
}
