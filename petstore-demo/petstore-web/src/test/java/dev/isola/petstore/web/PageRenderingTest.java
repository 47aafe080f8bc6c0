package dev.isola.petstore.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.isola.petstore.account.Address;
import dev.isola.petstore.account.Profile;
import dev.isola.petstore.account.Registration;
import dev.isola.petstore.cart.Cart;
import dev.isola.petstore.catalog.Category;
import dev.isola.petstore.catalog.Item;
import dev.isola.petstore.order.Notification;
import dev.isola.petstore.order.Order;
import dev.isola.petstore.order.OrderEvent;
import dev.isola.petstore.order.OrderLine;
import dev.isola.petstore.order.OrderStatus;
import dev.isola.petstore.validation.FieldErrors;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.startup.Tomcat;
import org.apache.taglibs.standard.tag.rt.core.OutTag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Renders pages in a real embedded Tomcat (Jasper, JSTL, EL 6 on records) with request attributes
 * built here instead of by the servlets, whose beans need an EJB container. Checks that what the
 * servlets hand over is displayed, that user data is escaped, and that errors show no internals.
 */
class PageRenderingTest {
    private static final String SCRIPT = "<script>alert('x')</script>";
    /** Page name to the request attributes it is rendered with. */
    private static final Map<String, Consumer<HttpServletRequest>> MODELS = new ConcurrentHashMap<>();

    @TempDir
    static Path temp;
    private static Tomcat tomcat;
    private static String base;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        Path webapp = temp.resolve("webapp");
        try (Stream<Path> files = Files.walk(Path.of("src/main/webapp"))) {
            for (Path source : (Iterable<Path>) files::iterator) {
                Path target = webapp.resolve(Path.of("src/main/webapp").relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
        Path jstl = Path.of(OutTag.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Files.createDirectories(webapp.resolve("WEB-INF/lib"));
        Files.copy(jstl, webapp.resolve("WEB-INF/lib").resolve(jstl.getFileName()));

        tomcat = new Tomcat();
        tomcat.setBaseDir(temp.resolve("tomcat").toString());
        tomcat.setHostname("127.0.0.1");
        tomcat.getConnector().setPort(0);
        tomcat.getConnector().setProperty("address", "127.0.0.1");
        Context context = tomcat.addWebapp("/petstore", new File(webapp.toString()).getAbsolutePath());
        Tomcat.addServlet(context, "render", new RenderServlet()).addMapping("/render/*");
        Tomcat.addServlet(context, "boom", new HttpServlet() {
            @Override
            protected void doGet(HttpServletRequest request, HttpServletResponse response) {
                throw new IllegalStateException("internal detail: connection pool exhausted");
            }
        }).addMapping("/boom");
        tomcat.start();
        base = "http://127.0.0.1:" + tomcat.getConnector().getLocalPort() + "/petstore";
    }

    @AfterAll
    static void stop() throws Exception {
        tomcat.stop();
        tomcat.destroy();
    }

    @Test
    void itemPageShowsPriceStockAndAttributesAndEscapesCatalogText() throws Exception {
        Item item = new Item("I-1005", "FI-KOI", "Koi", "FISH", "Fish", "Spotted", SCRIPT, "fish-koi.svg",
                new BigDecimal("1238.5"), List.of("Spotted", "Large & calm"), 25);
        MODELS.put("item", request -> request.setAttribute("item", item));
        String page = get("item", 200);
        assertTrue(page.contains("$1,238.50"), page);
        assertTrue(page.contains("25 in stock"), page);
        assertTrue(page.contains("Large &amp; calm"), page);
        assertTrue(page.contains("&lt;script&gt;"), page);
        assertFalse(page.contains(SCRIPT), "catalog text must be escaped");
        assertTrue(page.contains("name=\"itemId\" value=\"I-1005\""), page);
    }

    @Test
    void aRejectedRegistrationShowsEachMessageBesideItsFieldAndEchoesValuesEscaped() throws Exception {
        Address billing = new Address("Ada", "\"><b>bold</b>", "", "", "London", "", "NW1", "UK");
        Registration form = new Registration("ada", "", "", "not-an-email", "Ada", "L", "", billing, true, billing,
                new Profile("CATS", "de", true));
        FieldErrors errors = new FieldErrors().add("email", "Enter an e-mail address such as name@example.com.")
                .add("billing.street1", "Street address is required.");
        MODELS.put("register", request -> {
            request.setAttribute("form", form);
            request.setAttribute("errors", errors.asMap());
            request.setAttribute("categories", List.of(new Category("CATS", "Cats", "d", "c.svg")));
            request.setAttribute("languages", Profile.LANGUAGES);
        });
        String page = get("register", 200);
        assertTrue(page.contains("Please correct the 2 highlighted fields."), page);
        assertTrue(page.contains("id=\"f-email\" name=\"email\" type=\"email\" value=\"not-an-email\""), page);
        assertTrue(page.contains("aria-describedby=\"f-email-error\""), page);
        assertTrue(page.contains("<p class=\"error\" id=\"f-billing-street1-error\">Street address is required.</p>"), page);
        assertTrue(page.contains("value=\"&#034;&gt;&lt;b&gt;bold&lt;/b&gt;\""), page);
        assertTrue(page.contains("<option value=\"CATS\" selected>Cats</option>"), page);
        assertTrue(page.contains("<option value=\"de\" selected>Deutsch</option>"), page);
    }

    @Test
    void cartPageShowsLineTotalsSubtotalAndStockWarnings() throws Exception {
        Cart cart = new Cart();
        cart.add(new Item("I-1023", "CT-PERSIAN", "Persian", "CATS", "Cats", "Adult Female", "d", "cat-persian.svg",
                new BigDecimal("260.00"), List.of(), 1), 2);
        cart.add(new Item("I-1026", "BD-FINCH", "Finch", "BIRDS", "Birds", "Adult Male", "d", "bird-finch.svg",
                new BigDecimal("24.00"), List.of(), 30), 1);
        MODELS.put("cart", request -> request.setAttribute("contents", cart.contents()));
        String page = get("cart", 200);
        assertTrue(page.contains("$520.00"), "line total of 2 x $260.00: " + page);
        assertTrue(page.contains("Subtotal (3 pets)"), page);
        assertTrue(page.contains("$544.00"), page);
        assertTrue(page.contains("Only 1 in stock"), page);
        assertTrue(page.contains("name=\"quantity.I-1023\""), page);
        assertTrue(page.contains("form=\"remove-q-I-1023\""), page);
        assertTrue(page.contains("id=\"remove-q-I-1023\""), page);
    }

    @Test
    void orderPageShowsStatusHistoryAndNotifications() throws Exception {
        Address address = new Address("Dana", "Demo", "1 Aquarium Way", "", "Palo Alto", "CA", "94301", "USA");
        Instant placed = Instant.parse("2026-05-03T14:05:00Z");
        Order order = new Order(1001, "demo", placed, OrderStatus.APPROVED, new BigDecimal("48.00"), address, address,
                "Visa", "1111", "12/39", List.of(new OrderLine(1, "I-1026", "Finch", "Adult Male", 2, new BigDecimal("24.00"))),
                List.of(new OrderEvent(placed, OrderStatus.PLACED, "Order placed."),
                        new OrderEvent(placed.plusSeconds(2), OrderStatus.APPROVED, "Approved automatically.")),
                List.of(new Notification(1, 1001, "demo@petstore.example", "Your order 1001 is approved", SCRIPT, placed)));
        MODELS.put("order", request -> {
            request.setAttribute("order", order);
            request.setAttribute("justPlaced", Boolean.TRUE);
        });
        String page = get("order", 200);
        assertTrue(page.contains("Thank you! Your order 1001 is placed."), page);
        assertTrue(page.contains("<span class=\"status status-approved\">Approved</span>"), page);
        assertTrue(page.contains("Placed 3 May 2026, 14:05 UTC"), page);
        assertTrue(page.contains("Approved automatically."), page);
        assertTrue(page.contains("Visa ending in 1111"), page);
        assertTrue(page.contains("Dana Demo<br>"), "words stay apart: " + page);
        assertTrue(page.contains("Your order 1001 is approved"), page);
        assertFalse(page.contains(SCRIPT), "notification text must be escaped");
    }

    @Test
    void unexpectedErrorsShowAPlainPageWithoutInternals() throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/boom")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(500, response.statusCode());
        assertTrue(response.body().contains("Something went wrong"), response.body());
        assertFalse(response.body().contains("internal detail"), response.body());
        assertFalse(response.body().contains("Exception"), response.body());
    }

    @Test
    void unknownAddressesGetThePlainNotFoundPage() throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/no/such/page")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(404, response.statusCode());
        assertTrue(response.body().contains("Page not found"), response.body());
    }

    private static String get(String page, int expectedStatus) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/render/" + page)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(expectedStatus, response.statusCode(), response.body());
        return response.body();
    }

    /** Sets the attributes {@link #MODELS} holds for the page named by the path and forwards to it. */
    private static final class RenderServlet extends HttpServlet {
        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response)
                throws jakarta.servlet.ServletException, IOException {
            String page = request.getPathInfo().substring(1);
            MODELS.get(page).accept(request);
            request.getRequestDispatcher("/WEB-INF/jsp/" + page + ".jsp").forward(request, response);
        }
    }
}
