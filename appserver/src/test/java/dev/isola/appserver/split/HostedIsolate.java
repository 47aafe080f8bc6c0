package dev.isola.appserver.split;

import dev.isola.appserver.jms.config.BrokerConfig;
import dev.isola.appserver.jms.link.JmsLinks;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.MemorySize;
import dev.isola.mvm.isolate.OrphanPolicy;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkMessage;
import dev.isola.mvm.link.LinkOptions;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The test's handle on a {@link SubServerHost} isolate: starts it, sends it commands and
 * waits for the answers, links it to its peers as a domain's admin isolate would.
 */
public final class HostedIsolate implements AutoCloseable {

    private static final Duration ANSWER = Duration.ofSeconds(120);

    final Isolate isolate;
    final String roles;
    private final Link commands;
    private final Link answers;
    public final int httpPort;

    private HostedIsolate(Isolate isolate, String roles, Link commands, Link answers, int httpPort) {
        this.isolate = isolate;
        this.roles = roles;
        this.commands = commands;
        this.answers = answers;
        this.httpPort = httpPort;
    }

    /** This JDK and the test class path: isolates run the test host from it. */
    public static Image testImage() {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return new Image("split-test", Path.of(System.getProperty("java.home")),
                Arrays.stream(classPath.split(File.pathSeparator)).filter(s -> !s.isBlank()).map(Path::of).toList());
    }

    /** Tests' JVM options: a small heap, and C1 only, for quick starts. */
    static final List<String> TEST_OPTIONS = List.of("-XX:TieredStopAtLevel=1");

    /** Starts a host for {@code roles} ("web", "ejb", "jms" or "web,ejb,jms") and waits until its server runs. */
    static HostedIsolate start(Image image, String name, String domain, String roles, Path data, Path work) {
        return start(image, name, domain, roles, data, work, TEST_OPTIONS);
    }

    /** As {@link #start(Image, String, String, String, Path, Path)}, with a 256 MiB heap, the Serial collector and {@code jvmOptions}. */
    public static HostedIsolate start(Image image, String name, String domain, String roles, Path data, Path work, List<String> jvmOptions) {
        IsolateSpec.Builder spec = IsolateSpec.builder(SubServerHost.class.getName()).name(name).image(image)
                .maxHeap(MemorySize.parse("256m")).collector(GarbageCollector.SERIAL)
                .orphanPolicy(OrphanPolicy.EXIT).arguments(domain, roles, data.toString(), work.toString());
        jvmOptions.forEach(spec::jvmOption);
        Isolate isolate = new Isolate(spec.build());
        Isolate me = Isolate.current();
        Link commands = Link.newLink(me, isolate);
        Link answers = Link.newLink(isolate, me);
        isolate.start(commands, answers);
        String ready;
        try {
            ready = ((LinkMessage.Text) answers.receive(ANSWER)).text();
        } catch (RuntimeException e) {
            throw new AssertionError("isolate " + name + " did not get ready: " + e.getMessage() + "\n" + stderr(isolate), e);
        }
        if (!ready.startsWith("ready ")) {
            throw new AssertionError("isolate " + name + " said " + ready);
        }
        return new HostedIsolate(isolate, roles, commands, answers, Integer.parseInt(ready.substring("ready ".length())));
    }

    static String stderr(Isolate isolate) {
        try {
            Path log = isolate.runDirectory().orElseThrow().resolve("stderr.log");
            String all = Files.readString(log);
            return all.length() > 6000 ? all.substring(all.length() - 6000) : all;
        } catch (Exception e) {
            return "(no stderr: " + e + ")";
        }
    }

    /** Sends {@code command} (and the links it takes) and returns the answer after "ok "; fails the test on "error ...". */
    public String command(String command, Link... links) {
        String answer = send(command, links);
        if (!answer.startsWith("ok ")) {
            throw new AssertionError(isolate.name() + ": " + command + " answered " + answer);
        }
        return answer.substring(3);
    }

    /** Sends {@code command} and returns the error it must answer with. */
    String failing(String command, Link... links) {
        String answer = send(command, links);
        if (!answer.startsWith("error ")) {
            throw new AssertionError(isolate.name() + ": " + command + " should have failed but answered " + answer);
        }
        return answer.substring(6);
    }

    private String send(String command, Link... links) {
        commands.send(LinkMessage.of(command));
        for (Link link : links) {
            commands.send(LinkMessage.of(link));
        }
        try {
            return ((LinkMessage.Text) answers.receive(ANSWER)).text();
        } catch (RuntimeException e) {
            throw new AssertionError(isolate.name() + ": no answer to " + command + ": " + e.getMessage() + "\n" + stderr(isolate), e);
        }
    }

    /** Links {@code web} to {@code ejb} as the domain does: the EJB isolate serves, the web isolate connects. */
    public static void linkEjb(HostedIsolate web, HostedIsolate ejb) {
        Link toEjb = Link.newLink(web.isolate, ejb.isolate);
        Link toWeb = Link.newLink(ejb.isolate, web.isolate);
        ejb.command("serve-ejb", toWeb, toEjb);
        web.command("connect-ejb", toEjb, toWeb);
    }

    /** Links a client isolate to the JMS isolate, with links that carry the broker's largest message. */
    public static void linkJms(HostedIsolate client, HostedIsolate jms) {
        LinkOptions options = LinkOptions.DEFAULTS.withCapacity(JmsLinks.capacityFor(BrokerConfig.DEFAULT_MAX_MESSAGE_SIZE));
        Link toJms = Link.newLink(client.isolate, jms.isolate, options);
        Link toClient = Link.newLink(jms.isolate, client.isolate, options);
        jms.command("serve-jms", toClient, toJms);
        client.command("connect-jms", toJms, toClient);
    }

    /** Kills the process at once, as a crash would. */
    void halt() throws Exception {
        isolate.halt(9).get(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        if (!isolate.onExit().isDone()) {
            try {
                isolate.exit(0).get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                isolate.halt(9).get(30, TimeUnit.SECONDS);
            }
        }
    }
}
