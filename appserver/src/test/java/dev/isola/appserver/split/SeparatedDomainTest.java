package dev.isola.appserver.split;

import dev.isola.appserver.support.Await;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.jpa.Book;
import dev.isola.appserver.testapps.jpa.LibraryBean;
import dev.isola.appserver.testapps.jpa.LibraryServlet;
import dev.isola.appserver.testapps.jpa.ShelfBean;
import dev.isola.appserver.testapps.split.ejb.Basket;
import dev.isola.appserver.testapps.split.ejb.BasketBean;
import dev.isola.appserver.testapps.split.ejb.OrderDesk;
import dev.isola.appserver.testapps.split.ejb.OrderDeskBean;
import dev.isola.appserver.testapps.split.ejb.SchemaBean;
import dev.isola.appserver.testapps.split.ejb.ShippingBean;
import dev.isola.appserver.testapps.split.ejb.StockBean;
import dev.isola.appserver.testapps.split.model.Purchase;
import dev.isola.appserver.testapps.split.model.OutOfStock;
import dev.isola.appserver.testapps.split.model.Refused;
import dev.isola.appserver.testapps.split.web.SplitServlet;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.isolate.MvmHome;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A separated domain with real isolate processes: a JMS isolate, an EJB isolate and a web
 * isolate, each a {@link SubServerHost} with one role, linked as the domain does it; and a
 * combined isolate beside it for comparison. The same EAR (servlet → stateless and stateful
 * beans → JMS → message-driven bean → Derby) runs on both.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SeparatedDomainTest {

    /** Twenty by default, as the durability acceptance asks; {@code -Djms.durability.repetitions=N} to change. */
    private static final int REPETITIONS = Integer.getInteger("jms.durability.repetitions", 20);

    @TempDir
    static Path root;
    private static String previousHome;
    private static Image image;
    private static Path ear;
    private static HttpClient http;
    private static HostedIsolate combined;
    private static HostedIsolate jms;
    private static HostedIsolate ejb;
    private static HostedIsolate web;
    private static final List<HostedIsolate> all = new ArrayList<>();

    @BeforeAll
    static void startDomains() throws Exception {
        previousHome = System.getProperty(MvmHome.PROPERTY);
        System.setProperty(MvmHome.PROPERTY, root.resolve("mvm").toString());
        image = HostedIsolate.testImage();
        ear = root.resolve("split.ear");
        TestApps.mavenStyleEar("split.ear", "split",
                        TestApps.ejbJar("split-ejb.jar", OrderDesk.class, OrderDeskBean.class, ShippingBean.class, SchemaBean.class,
                                Basket.class, BasketBean.class, StockBean.class),
                        TestApps.war("split-web.war", SplitServlet.class), "/split",
                        TestApps.library("split-model.jar", Purchase.class, OutOfStock.class, Refused.class))
                .as(ZipExporter.class).exportTo(ear.toFile(), true);
        http = new HttpClient();
        http.start();

        Path separated = root.resolve("separated");
        CompletableFuture<HostedIsolate> c = CompletableFuture.supplyAsync(() -> HostedIsolate.start(image, "split-combined", "combo",
                "web,ejb,jms", root.resolve("combined/data"), root.resolve("combined/applications")));
        CompletableFuture<HostedIsolate> j = CompletableFuture.supplyAsync(() -> host("split-jms", "jms", separated));
        CompletableFuture<HostedIsolate> e = CompletableFuture.supplyAsync(() -> host("split-ejb", "ejb", separated));
        CompletableFuture<HostedIsolate> w = CompletableFuture.supplyAsync(() -> host("split-web", "web", separated));
        combined = track(c.join());
        jms = track(j.join());
        ejb = track(e.join());
        web = track(w.join());

        combined.command("deploy " + ear);
        HostedIsolate.linkJms(ejb, jms);
        HostedIsolate.linkJms(web, jms);
        HostedIsolate.linkEjb(web, ejb);
        assertEquals("split", jms.command("deploy " + ear));
        assertEquals("split", ejb.command("deploy " + ear));
        assertEquals("split", web.command("deploy " + ear));
    }

    private static HostedIsolate host(String name, String roles, Path domain) {
        return HostedIsolate.start(image, name, "split", roles, domain.resolve("data"), domain.resolve("applications"));
    }

    private static HostedIsolate track(HostedIsolate isolate) {
        all.add(isolate);
        return isolate;
    }

    @AfterAll
    static void stopDomains() throws Exception {
        if (http != null) {
            http.stop();
        }
        for (HostedIsolate isolate : all.reversed()) {
            isolate.close();
        }
        if (previousHome == null) {
            System.clearProperty(MvmHome.PROPERTY);
        } else {
            System.setProperty(MvmHome.PROPERTY, previousHome);
        }
    }

    private static String get(HostedIsolate at, String query) {
        return get(at, "/split/split", query);
    }

    /** GET {@code path?query} on {@code at}'s web port; the body, after checking the status is 200. */
    private static String get(HostedIsolate at, String path, String query) {
        try {
            ContentResponse r = http.newRequest("127.0.0.1", at.httpPort).path(path + "?" + query).timeout(60, TimeUnit.SECONDS).send();
            assertEquals(200, r.getStatus(), query + " on " + at.roles + ": " + r.getContentAsString());
            return r.getContentAsString();
        } catch (Exception e) {
            throw new AssertionError(query + " on " + at.roles + ": " + e, e);
        }
    }

    private static void awaitShipped(HostedIsolate at, String id) {
        Await.until("order " + id + " shipped on " + at.roles, () -> get(at, "op=status&id=" + id).equals("shipped"));
    }

    /** The answers of one run of the scenario, stateful session ids masked. */
    private static List<String> scenario(HostedIsolate at) {
        List<String> answers = new ArrayList<>();
        for (String query : List.of("op=place&item=pen&qty=2", "op=place&item=ink&qty=5", "op=place&item=pen&qty=500",
                "op=place&item=forbidden&qty=1", "op=place&item=boom&qty=1", "op=place&item=paper&qty=1")) {
            answers.add(get(at, query));
        }
        awaitShipped(at, "1");
        awaitShipped(at, "2");
        awaitShipped(at, "3");
        for (String query : List.of("op=status&id=1", "op=status&id=9", "op=notify&id=2", "op=orders", "op=basket-add&item=apple",
                "op=basket-add&item=pear", "op=basket-items", "op=basket-checkout", "op=basket-items", "op=basket-forget",
                "op=baskets-distinct", "op=audit&item=cat")) {
            answers.add(get(at, query).replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<session>"));
        }
        return answers;
    }

    @Test
    @Order(1)
    void theSameEarAnswersAlikeCombinedAndSeparated() {
        List<String> together = scenario(combined);
        List<String> apart = scenario(web);
        assertEquals(together, apart);
        assertEquals(List.of("1", "2"), apart.subList(0, 2));
        assertEquals("OutOfStock: only 100 of pen in stock (available 100)", apart.get(2));
        assertEquals(Refused.class.getName() + ": we do not sell forbidden", apart.get(3));
        assertEquals("jakarta.ejb.EJBException: java.lang.IllegalStateException: boom: the desk broke", apart.get(4));
        assertEquals("shipped", apart.get(6));
        assertEquals("unknown", apart.get(7));
        assertEquals("1 pen 2 shipped;2 ink 5 shipped;3 paper 1 shipped", apart.get(9));
        assertEquals(List.of("[apple, pear]", "[apple, pear]"), apart.subList(12, 14));
        assertTrue(apart.get(14).startsWith("jakarta.ejb.NoSuchEJBException: "), apart.get(14));
        assertEquals("false true [x] []", apart.get(16));
        assertEquals("audited cat on true", apart.get(17));
    }

    @Test
    @Order(2)
    void acrossIsolatesValuesAreCopiedAndTransactionsDoNotPropagate() {
        String[] pids = get(web, "op=pids").split(" ");
        assertNotEquals(pids[0], pids[1], "the bean runs in the EJB isolate");
        String[] samePids = get(combined, "op=pids").split(" ");
        assertEquals(samePids[0], samePids[1]);

        assertEquals("returned note 'reserved 3 pen', caller's note 'reserved 3 pen', same object true", get(combined, "op=reserve"));
        assertEquals("returned note 'reserved 3 pen', caller's note '', same object false", get(web, "op=reserve"),
                "a no-interface view is called by value across isolates");

        String cause = get(web, "op=cause&item=boom");
        assertTrue(cause.startsWith("jakarta.ejb.EJBException caused by ") && cause.contains("java.lang.IllegalStateException: boom: the desk broke"),
                cause);
        assertTrue(get(combined, "op=cause&item=boom").contains("java.lang.IllegalStateException: boom: the desk broke"));

        String mandatory = get(web, "op=mandatory");
        assertTrue(mandatory.startsWith("jakarta.ejb.EJBTransactionRequiredException: bean StockBean method mandatory has transaction attribute"
                + " MANDATORY but was called without a transaction") && mandatory.contains("transactions do not propagate"), mandatory);
        assertEquals("ran in the caller's transaction", get(combined, "op=mandatory-in-tx"));
        assertTrue(get(web, "op=mandatory-in-tx").startsWith("jakarta.ejb.EJBTransactionRequiredException: "),
                "the caller's transaction stays in the web isolate");
    }

    @Test
    @Order(3)
    void aDeadEjbIsolateFailsFastAndARestartedOneServesAgain() throws Exception {
        assertEquals("added", get(web, "op=basket-add&item=kept"));
        assertEquals("[kept]", get(web, "op=basket-items"));
        // The EJB isolate is also a JMS client: it holds two messages it has not acknowledged when it dies.
        String sent = ejb.command("jms-send dead 6 2 2 6 2");
        ejb.halt();

        long start = System.nanoTime();
        String refused = get(web, "op=place&item=pen&qty=1");
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(refused.startsWith("jakarta.ejb.EJBException: the EJB isolate of domain split") && refused.contains("is not reachable"), refused);
        assertTrue(tookMillis < 20_000, "a call to a dead EJB isolate fails fast, not after the call timeout: " + tookMillis + " ms");
        assertTrue(get(web, "op=status&id=1").contains("is not reachable"));

        // The JMS isolate gave back what the dead client held, flagged as redelivered.
        Map<Integer, String> back = drained(web.command("jms-drain 10"), "dead");
        Set<Integer> acked = indexes(sent, "acked");
        Set<Integer> held = indexes(sent, "held");
        assertEquals(IntStream.range(0, 12).boxed().filter(i -> !acked.contains(i)).collect(Collectors.toSet()), back.keySet());
        back.forEach((index, flags) -> assertEquals(held.contains(index) ? "true:2" : "false:1", flags, "message " + index));

        HostedIsolate restarted = track(host("split-ejb-2", "ejb", root.resolve("separated")));
        HostedIsolate.linkJms(restarted, jms);
        assertEquals("split", restarted.command("deploy " + ear));
        HostedIsolate.linkEjb(web, restarted);
        ejb = restarted;
        String id = get(web, "op=place&item=again&qty=1");
        assertTrue(id.matches("\\d+"), id);
        awaitShipped(web, id);
        String gone = get(web, "op=basket-items");
        assertTrue(gone.startsWith("jakarta.ejb.NoSuchEJBException: "), "the session died with its isolate: " + gone);
    }

    @Test
    @Order(4)
    void persistentMessagesSentFromTheEjbIsolateSurviveHaltsOfTheJmsIsolate() {
        int early = 12;
        int late = 24;
        for (int run = 1; run <= REPETITIONS; run++) {
            String sent = ejb.command("jms-send r" + run + " " + early + " 3 3 " + late + " 4");
            try {
                jms.halt();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            jms = track(host("split-jms-" + run, "jms", root.resolve("separated")));
            assertEquals("split", jms.command("deploy " + ear));
            HostedIsolate.linkJms(ejb, jms);

            Set<Integer> acked = indexes(sent, "acked");
            Set<Integer> held = indexes(sent, "held");
            Set<Integer> expected = IntStream.range(0, early + late).boxed().filter(i -> !acked.contains(i)).collect(Collectors.toSet());
            Map<Integer, String> back = drained(ejb.command("jms-drain " + expected.size()), "r" + run);
            assertEquals(expected, back.keySet(), "run " + run + ": exactly the sent and unacknowledged messages come back");
            int r = run;
            back.forEach((index, flags) -> assertEquals(held.contains(index) ? "true:2" : "false:1", flags, "run " + r + ", message " + index));
        }
    }

    @Test
    @Order(5)
    void theMessageDrivenBeanConsumesAgainAfterTheJmsIsolateRestarted() {
        HostedIsolate.linkJms(web, jms);
        String id = get(web, "op=place&item=resumed&qty=1");
        awaitShipped(web, id);
        assertEquals("sent", get(web, "op=notify&id=" + id), "the web isolate reaches the restarted JMS isolate too");
    }

    @Test
    @Order(6)
    void aPersistenceUnitStartsWhereTheBeansRunAndInTheWebIsolateOnlyWhenAServletUsesIt() throws Exception {
        Path library = root.resolve("library.ear");
        TestApps.mavenStyleEar("library.ear", "library", TestApps.ejbJar("library-ejb.jar", Book.class, LibraryBean.class, ShelfBean.class)
                        .addAsManifestResource(new StringAsset("""
                                <persistence xmlns="https://jakarta.ee/xml/ns/persistence" version="3.2">
                                  <persistence-unit name="library">
                                    <properties>
                                      <property name="jakarta.persistence.schema-generation.database.action" value="create"/>
                                    </properties>
                                  </persistence-unit>
                                </persistence>"""), "persistence.xml"),
                TestApps.war("library-web.war", LibraryServlet.class), "/library").as(ZipExporter.class).exportTo(library.toFile(), true);
        combined.command("deploy " + library);
        assertEquals("library", ejb.command("deploy " + library));
        assertEquals("library", web.command("deploy " + library));
        for (HostedIsolate at : List.of(combined, web)) {
            String id = library(at, "op=add&title=Persuasion");
            assertEquals("Persuasion", library(at, "op=title&id=" + id), "the bean reads what it wrote, on " + at.roles);
            assertEquals("1", library(at, "op=count&title=Persuasion"), at.roles);
        }
        String id = library(combined, "op=add&title=Emma");
        assertEquals("Emma", library(combined, "op=readHere&id=" + id), "a servlet of the combined isolate reads with the unit it shares");
        // The web isolate has no database of its own: its servlet's unit starts at that first use, and says why it cannot.
        String refused = library(web, "op=readHere&id=1");
        assertTrue(refused.startsWith("PersistenceException: persistence unit library (library-ejb.jar/META-INF/persistence.xml) of application "
                + "library: its jta-data-source (the default datasource) cannot be reached: datasource java:comp/DefaultDataSource is the "
                + "embedded Derby database 'default', which only "), refused);
        assertTrue(refused.endsWith("in a separated domain web components reach such data through enterprise beans, or use a network datasource"
                + " (jdbc:derby://host:port/database)"), refused);
    }

    private static String library(HostedIsolate at, String query) {
        return get(at, "/library/library", query);
    }

    /** Parses "run/index:redelivered:count,... extra=N": index to "redelivered:count"; fails on another run's message, a duplicate or an extra. */
    private static Map<Integer, String> drained(String answer, String run) {
        String[] parts = answer.split(" extra=");
        assertEquals("0", parts[1], "more messages came back than were sent and not acknowledged: " + answer);
        Map<Integer, String> byIndex = new TreeMap<>();
        for (String entry : parts[0].split(",")) {
            String[] f = entry.split("[/:]");
            assertEquals(run, f[0], "a message of another run came back: " + entry);
            String previous = byIndex.put(Integer.parseInt(f[1]), f[2] + ":" + f[3]);
            assertTrue(previous == null, "message " + f[1] + " came back twice: " + answer);
        }
        return byIndex;
    }

    private static Set<Integer> indexes(String sent, String key) {
        for (String part : sent.split(" ")) {
            if (part.startsWith(key + "=")) {
                String value = part.substring(key.length() + 1);
                return value.isEmpty() ? Set.of() : Arrays.stream(value.split(",")).map(Integer::valueOf).collect(Collectors.toCollection(HashSet::new));
            }
        }
        throw new AssertionError("no " + key + " in " + sent);
    }
}
