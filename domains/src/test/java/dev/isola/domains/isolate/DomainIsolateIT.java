package dev.isola.domains.isolate;

import dev.isola.domains.DomainDirectory;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.applications.ApplicationRecord;
import dev.isola.domains.applications.ApplicationRegistry;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainMode;
import dev.isola.domains.config.Member;
import dev.isola.domains.control.ApplicationStatus;
import dev.isola.domains.control.ControlClient;
import dev.isola.domains.control.ControlException;
import dev.isola.domains.control.DomainControl;
import dev.isola.domains.control.MemberStatus;
import dev.isola.domains.testapp.TestEars;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateStatus;
import dev.isola.mvm.isolate.TerminationCause;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkInbox;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A combined domain's isolate as a real process, driven the way the admin isolate drives it:
 * started with a control pair, it redeploys the recorded application (servlet → EJB → JMS →
 * MDB → Derby) and serves it; deploy errors come back as themselves; a second control pair
 * dropped into its inbox reaches it after the first is gone (a restarted admin); a new isolate
 * of the same domain comes back with the application and its data; shutdown is orderly.
 */
@Timeout(300)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DomainIsolateIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static Path root;
    private static DomainDirectory directory;
    private static Image image;
    private static Isolate isolate;
    private static ControlClient admin;

    @BeforeAll
    static void startDomain() throws Exception {
        root = Files.createTempDirectory("isola-domain-it");
        directory = DomainsRoot.at(root).create(DomainConfig.defaults("shop", DomainMode.COMBINED, 0));
        Path ear = TestEars.orders(directory.archives(), "orders.ear");
        new ApplicationRegistry(directory).put(new ApplicationRecord("orders", "orders.ear", Files.size(ear), "-", Instant.now()));
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        image = new Image("domains-it", Path.of(System.getProperty("java.home")),
                Arrays.stream(classPath.split(File.pathSeparator)).filter(s -> !s.isBlank()).map(Path::of).toList());
        isolate = new Isolate(DomainIsolates.spec(DomainConfig.defaults("shop", DomainMode.COMBINED, 0), directory, Member.SERVER, image));
        admin = startWithControl(isolate);
    }

    @AfterAll
    static void stopDomain() throws Exception {
        if (admin != null) {
            admin.close();
        }
        if (isolate != null) {
            isolate.halt(9).get(30, TimeUnit.SECONDS);
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** Starts {@code domain} with a control pair, as the admin does, and waits until it is ready. */
    private static ControlClient startWithControl(Isolate domain) {
        Isolate me = Isolate.current();
        Link requests = Link.newLink(me, domain);
        Link replies = Link.newLink(domain, me);
        domain.start(replies, requests);
        ControlClient client = ControlClient.open(new LinkPair(requests, replies));
        MemberStatus status = client.control().awaitReady(120_000);
        assertEquals(MemberStatus.Phase.READY, status.phase(), status.problem());
        return client;
    }

    @Test
    @Order(1)
    void theRecordedApplicationIsRedeployedAtStartAndServesEndToEnd() throws Exception {
        MemberStatus status = admin.control().status();
        assertEquals("shop", status.domain());
        assertEquals(isolate.pid(), status.pid());
        assertEquals(List.of("orders"), status.applications().stream().map(ApplicationStatus::name).toList());
        assertEquals(202, post(status.httpPort(), "alpha").statusCode());
        awaitBody(status.httpPort(), "processed=alpha");
        assertTrue(admin.control().metrics().jmsDestinations().stream().anyMatch(d -> d.name().equals("orders")),
                "the application's queue is in the metrics");
    }

    @Test
    @Order(2)
    void deploymentErrorsComeBackAsThemselvesAndLeaveNothing() throws Exception {
        DomainControl control = admin.control();
        Files.writeString(directory.archives().resolve("broken.war"), "not a zip");
        ControlException broken = assertThrows(ControlException.class, () -> control.deploy("broken.war"));
        assertTrue(broken.getMessage().contains("broken"), broken.getMessage());
        ControlException outside = assertThrows(ControlException.class, () -> control.deploy("../config/domain.json"));
        assertTrue(outside.getMessage().contains("must be a file name in"), outside.getMessage());
        ControlException unknown = assertThrows(ControlException.class, () -> control.undeploy("nothing"));
        assertTrue(unknown.getMessage().contains("nothing"), unknown.getMessage());
        // A web application that comes and goes: Tomcat resets the log manager when one stops, which must not silence the isolate.
        ShrinkWrap.create(WebArchive.class, "static.war").addAsWebResource(new StringAsset("hi"), "index.html")
                .as(ZipExporter.class).exportTo(directory.archives().resolve("static.war").toFile(), true);
        assertEquals("static", control.deploy("static.war").name());
        control.undeploy("static");
        ControlException role = assertThrows(ControlException.class, () -> control.connectEjb("x", "y"));
        assertTrue(role.getMessage().contains("hosts [web, ejb, jms]"), role.getMessage());
        assertEquals(List.of("orders"), control.status().applications().stream().map(ApplicationStatus::name).toList());
    }

    @Test
    @Order(3)
    void aControlPairDroppedIntoTheInboxReachesTheRunningIsolateAfterTheFirstIsGone() {
        long pid = isolate.pid();
        admin.close();
        Isolate me = Isolate.current();
        Link requests = Link.newLink(me, isolate);
        Link replies = Link.newLink(isolate, me);
        LinkInbox.deliver(isolate, DomainMain.CONTROL_LABEL, replies, requests);
        admin = ControlClient.open(new LinkPair(requests, replies));
        MemberStatus status = admin.control().awaitReady(30_000);
        assertEquals(pid, status.pid());
        assertEquals(MemberStatus.Phase.READY, status.phase());
    }

    @Test
    @Order(4)
    void aNewIsolateOfTheDomainComesBackWithTheApplicationAndItsData() throws Exception {
        isolate.halt(9).get(30, TimeUnit.SECONDS);
        admin.close();
        isolate = new Isolate(DomainIsolates.spec(DomainConfig.defaults("shop", DomainMode.COMBINED, 0), directory, Member.SERVER, image));
        admin = startWithControl(isolate);
        int port = admin.control().status().httpPort();
        awaitBody(port, "processed=alpha");
        post(port, "beta");
        awaitBody(port, "processed=alpha,beta");
    }

    @Test
    @Order(5)
    void theLogHasOneLinePerEventNamingDomainAndIsolate() throws IOException {
        List<String> lines = Files.readAllLines(directory.logFile("shop"));
        assertTrue(lines.stream().anyMatch(l -> l.contains("[shop/shop]") && l.contains("deployed orders")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.contains("[shop/shop]") && l.contains("ready: server isolate")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.contains("deployment of broken.war failed")), "the failed deployment is logged");
        assertTrue(lines.stream().anyMatch(l -> l.contains("[shop/shop]") && l.contains("undeployed static")), "logging survives a web application's stop");
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("\tat ")), "no stack traces for a bad archive");
    }

    @Test
    @Order(6)
    void shutdownIsAnOrderlyExit() throws Exception {
        admin.control().shutdown();
        IsolateStatus.Terminated end = isolate.onExit().get(60, TimeUnit.SECONDS);
        assertEquals(0, assertInstanceOf(TerminationCause.Exited.class, end.cause()).code());
        assertTrue(Files.readString(directory.logFile("shop")).contains("server stopped"), "the sub-servers stopped in an orderly way");
    }

    private static HttpResponse<String> post(int port, String item) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + TestEars.ORDERS_PATH))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("item=" + item)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void awaitBody(int port, String expected) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        String body = "";
        while (System.nanoTime() < deadline) {
            body = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + TestEars.ORDERS_PATH)).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            if (body.equals(expected)) {
                return;
            }
            Thread.sleep(100);
        }
        assertEquals(expected, body, "waited 60 s");
    }
}
