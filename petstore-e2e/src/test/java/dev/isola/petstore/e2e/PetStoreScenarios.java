package dev.isola.petstore.e2e;

import dev.isola.petstore.e2e.Browser.Page;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Pet Store as a customer uses it, over HTTP, on a domain of a real admin isolate with the
 * unmodified {@code petstore.ear} deployed by deploy-tool: the catalog, search, accounts, the
 * cart, checkout, and order processing by the message-driven bean, plus the bad input a customer
 * (or someone tampering with the forms) can produce. A subclass per domain mode runs the same
 * scenarios; every test uses browsers of its own, and what it checks it reads through the pages
 * (the domain's database belongs to its isolate).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(PetStoreDomainsExtension.class)
abstract class PetStoreScenarios {

    private final String domain;
    private PetStoreDomains domains;
    private PetStore store;
    private int users;

    PetStoreScenarios(String domain) {
        this.domain = domain;
    }

    /** The isolates the domain runs in, by name, sorted. */
    abstract List<String> expectedIsolates();

    @BeforeAll
    void connect(PetStoreDomains shared) {
        domains = shared;
        store = shared.store(domain);
    }

    @Test
    void theDomainRunsTheUnmodifiedEarInItsIsolates() throws Exception {
        assertEquals(-1L, Files.mismatch(domains.ear(), domains.storedArchive(domain)), "deploy-tool uploaded the built EAR byte for byte");
        List<String> isolates = domains.admin().domainIsolates().stream().map(r -> r.name())
                .filter(name -> name.equals(domain) || name.startsWith(domain + "-")).sorted().toList();
        assertEquals(expectedIsolates(), isolates);
        assertEquals("RUNNING", domains.admin().json("/api/domains/" + domain).path("state").asText());
    }

    private Browser signedOnDemo() {
        Browser b = store.browser();
        Page signOn = b.get("/petstore/signon");
        Page home = b.submit(signOn, "form[action$=/signon]", Map.of("userId", "demo", "password", "pets4ever"));
        assertEquals("/petstore/", home.path(), home.text());
        return b;
    }

    private static Page addToCart(Browser b, String itemId, int quantity) {
        Page item = b.get("/petstore/item?id=" + itemId);
        return b.submit(item, "form.add-form", Map.of("quantity", Integer.toString(quantity)));
    }

    /** Checks out the signed-on browser's cart with the account's addresses and a valid card; returns the page after "Place order". */
    private static Page checkOut(Browser b) {
        Page form = b.get("/petstore/checkout");
        assertEquals(200, form.status(), form.text());
        Page review = b.submit(form, "form[action$=/checkout]", Map.of("card.type", "Visa", "card.number", "4111 1111 1111 1111", "card.expiry", "12/39"));
        assertEquals(200, review.status(), review.text());
        return b.submit(review, "form[action$=/checkout]", Map.of());
    }

    private static long orderId(Page confirmation) {
        assertTrue(confirmation.path().startsWith("/petstore/order?id="), confirmation.path() + ": " + confirmation.text());
        return Long.parseLong(confirmation.path().replaceAll(".*id=(\\d+).*", "$1"));
    }

    /** The status "My orders" shows for {@code orderId}. */
    private static String statusOnMyOrders(Browser b, long orderId) {
        Page orders = b.get("/petstore/orders");
        for (Element row : orders.document().select("table.orders tbody tr")) {
            if (row.selectFirst("a").text().equals("Order " + orderId)) {
                return row.selectFirst("span.status").text();
            }
        }
        throw new AssertionError("order " + orderId + " is not on My orders: " + orders.text());
    }

    // ---- browsing ----------------------------------------------------------------------------

    @Test
    void browseCategoriesProductsAndItems() {
        Browser b = store.browser();
        Page home = b.get("/petstore/");
        assertEquals(200, home.status());
        List<String> categories = home.document().select("nav a[href*=/category?id=]").eachText();
        assertEquals(List.of("Fish", "Dogs", "Reptiles", "Cats", "Birds"), categories.stream().distinct().toList());

        Page fish = b.get(home.document().selectFirst("a[href$=/category?id=FISH]").attr("href"));
        assertEquals("Fish", fish.title());
        Element koiLink = fish.document().selectFirst("a[href$=/product?id=FI-KOI]");
        Page koi = b.get(koiLink.attr("href"));
        assertEquals(200, koi.status());
        assertTrue(koi.text().contains("Spotted") && koi.text().contains("$38.50") && koi.text().contains("Spotless") && koi.text().contains("$32.50"), koi.text());

        Page item = b.get(koi.document().selectFirst("a[href$=/item?id=I-1005]").attr("href"));
        assertEquals("Koi: Spotted", item.title());
        assertTrue(item.text().contains("$38.50 · item I-1005"), item.text());
        assertTrue(item.document().selectFirst("p.stock").text().matches("\\d+ in stock"), item.text());
        assertEquals(200, b.get(item.document().selectFirst("img[src*=/static/img/]").attr("src")).status(), "the item's image is served");
    }

    @Test
    void searchFindsNamesAndDescriptions() {
        Browser b = store.browser();
        Page retriever = b.get("/petstore/search?q=retriever");
        assertEquals(200, retriever.status());
        assertEquals(List.of("/petstore/product?id=DG-GOLDEN", "/petstore/product?id=DG-LAB"), products(retriever));
        assertEquals(List.of("/petstore/product?id=DG-GOLDEN"), products(b.get("/petstore/search?q=golden+retriever")));
        Page words = b.get("/petstore/search?q=chatty+words");
        assertEquals(List.of("/petstore/product?id=BD-PARROT"), products(words), "every word must match, in names or descriptions");
        Page nothing = b.get("/petstore/search?q=unicorn");
        assertEquals(200, nothing.status());
        assertEquals(List.of(), products(nothing));
        assertTrue(nothing.text().contains("Nothing matches “unicorn”. Try fewer or other words."), nothing.text());
    }

    private static List<String> products(Page results) {
        return results.document().select("ul.cards a[href*=/product?id=]").eachAttr("href").stream().distinct().toList();
    }

    // ---- accounts ----------------------------------------------------------------------------

    @Test
    void createAnAccountAfterFixingWhatTheFormSays() {
        Browser b = store.browser();
        Page form = b.get("/petstore/register");
        Page rejected = b.submit(form, "form[action$=/register]", Map.of("userId", "9lives", "password", "short", "repeatPassword", "other",
                "email", "not-an-email", "firstName", "", "billing.street1", ""));
        assertEquals(400, rejected.status());
        assertEquals("User id: 3 to 20 letters, digits, '.', '_' or '-', starting with a letter.", rejected.fieldError("userId"));
        assertEquals("Password must be at least 8 characters long.", rejected.fieldError("password"));
        assertEquals("The two passwords differ; type the same password twice.", rejected.fieldError("repeatPassword"));
        assertEquals("Enter an e-mail address such as name@example.com.", rejected.fieldError("email"));
        assertEquals("First name is required.", rejected.fieldError("firstName"));
        assertTrue(rejected.fieldError("billing.street1") != null);
        assertEquals("not-an-email", rejected.document().selectFirst("[name=email]").attr("value"), "the form keeps what was typed");

        String userId = "katz" + (++users);
        Page created = b.submit(rejected, "form[action$=/register]", Map.ofEntries(Map.entry("userId", userId),
                Map.entry("password", "whiskers-and-tuna"), Map.entry("repeatPassword", "whiskers-and-tuna"), Map.entry("email", userId + "@example.com"),
                Map.entry("firstName", "Kit"), Map.entry("lastName", "Katz"), Map.entry("billing.firstName", "Kit"), Map.entry("billing.lastName", "Katz"),
                Map.entry("billing.street1", "9 Yarn Lane"), Map.entry("billing.city", "Portland"), Map.entry("billing.state", "OR"),
                Map.entry("billing.zip", "97201"), Map.entry("billing.country", "USA"), Map.entry("shipToBilling", "on")));
        assertEquals(200, created.status(), created.text());
        assertTrue(created.path().startsWith("/petstore/account"), created.path());
        assertTrue(created.text().contains(userId) && created.text().contains("9 Yarn Lane"), created.text());
        assertEquals("$9.50", addToCart(b, "I-1002", 1).document().selectFirst("td.subtotal").text());

        Page signedOff = b.submit(b.get("/petstore/signoff"), "form[action$=/signoff]", Map.of());
        assertEquals("/petstore/", signedOff.path());
        assertEquals("/petstore/signon?next=/account", b.get("/petstore/account").path().replace("%2F", "/"), "the account page needs a sign-on again");

        Page wrong = b.submit(b.get("/petstore/signon"), "form[action$=/signon]", Map.of("userId", userId, "password", "not-the-password"));
        assertEquals(400, wrong.status());
        assertTrue(wrong.fieldError("password") != null, wrong.text());
        Page right = b.submit(wrong, "form[action$=/signon]", Map.of("userId", userId, "password", "whiskers-and-tuna"));
        assertEquals("/petstore/", right.path());
        assertTrue(b.get("/petstore/account").text().contains(userId));
        assertTrue(b.get("/petstore/cart").text().contains("Your cart is empty"), "signing off removed the cart");
    }

    // ---- the cart ----------------------------------------------------------------------------

    @Test
    void fillAndChangeTheCart() {
        Browser b = store.browser();
        Page cart = addToCart(b, "I-1001", 2);
        assertEquals("/petstore/cart", cart.path());
        assertEquals("$33.00", cart.document().selectFirst("td.subtotal").text());
        b.get("/petstore/category?id=BIRDS");
        cart = addToCart(b, "I-1026", 1);
        assertEquals("$57.00", cart.document().selectFirst("td.subtotal").text(), "the cart survives navigation: 2 × 16.50 + 24.00");

        cart = b.submit(cart, "#cart-form", Map.of("quantity.I-1001", "3"));
        assertEquals("$73.50", cart.document().selectFirst("td.subtotal").text());

        Page refused = b.submit(cart, "#cart-form", Map.of("quantity.I-1026", "lots"));
        assertEquals(400, refused.status());
        assertTrue(refused.text().contains("Enter a whole number from 0 (remove) to"), refused.text());

        cart = b.submit(b.get("/petstore/cart"), "#remove-q-I-1026", Map.of());
        assertEquals("$49.50", cart.document().selectFirst("td.subtotal").text());
        cart = b.submit(cart, "#cart-form", Map.of("quantity.I-1001", "0"));
        assertTrue(cart.text().contains("Your cart is empty"), cart.text());
    }

    // ---- checkout and order processing -------------------------------------------------------

    @Test
    void smallOrderIsApprovedByTheOrderProcessor() {
        Browser b = signedOnDemo();
        addToCart(b, "I-1007", 3);
        Page confirmation = checkOut(b);
        assertEquals(200, confirmation.status(), confirmation.text());
        long order = orderId(confirmation);
        assertTrue(confirmation.text().contains("$16.50"), confirmation.text());
        PetStore.await("order " + order + " approved", () -> statusOnMyOrders(b, order).equals("Approved"));
        Page detail = b.get("/petstore/order?id=" + order);
        assertTrue(detail.text().contains("Your Pet Store order " + order + " is approved"), "the outbox notification is shown: " + detail.text());
        assertTrue(b.get("/petstore/cart").text().contains("Your cart is empty"), "a placed order empties the cart");
    }

    @Test
    void largeOrderStaysPendingReview() {
        Browser b = signedOnDemo();
        addToCart(b, "I-1014", 1);
        long order = orderId(checkOut(b));
        PetStore.await("order " + order + " processed", () -> !statusOnMyOrders(b, order).startsWith("Placed"));
        assertEquals("Pending review", statusOnMyOrders(b, order), "$720.00 is over the approval limit of $500.00");
    }

    // ---- bad input ---------------------------------------------------------------------------

    @Test
    void checkoutWithAnEmptyCartExplains() {
        Browser b = signedOnDemo();
        Page page = b.get("/petstore/checkout");
        assertEquals(409, page.status());
        assertEquals("Your cart is empty", page.title());
        Page placed = b.post("/petstore/checkout", Map.of("action", "place"));
        assertTrue(placed.status() == 409 || placed.path().equals("/petstore/checkout"), placed.status() + " " + placed.text());
    }

    @Test
    void orderingMoreThanTheStockExplains() {
        Browser b = signedOnDemo();
        Page cart = addToCart(b, "I-1025", 3);
        assertTrue(cart.text().contains("Only 2 in stock; checkout will ask you to lower the quantity."), cart.text());
        Page refused = checkOut(b);
        assertEquals(409, refused.status(), refused.text());
        assertEquals("Not enough in stock", refused.title());
        assertTrue(refused.text().contains("I-1025"), "the page names the item: " + refused.text());
        assertEquals("2 in stock", stockOnItemPage("I-1025"), "nothing was reserved");
    }

    @Test
    void tamperedItemIdGivesAClearPage() {
        Browser b = store.browser();
        Page added = b.post("/petstore/cart", Map.of("action", "add", "itemId", "I-9999", "quantity", "1"));
        assertEquals(404, added.status());
        assertEquals("Not in our catalog", added.title());
        assertTrue(added.text().contains("I-9999"), added.text());

        Page scripted = b.get("/petstore/item?id=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
        assertEquals(404, scripted.status());
        assertTrue(scripted.text().contains("<script>alert(1)</script>"), "the id is shown as text: " + scripted.text());
        assertTrue(scripted.document().select("script").isEmpty(), "and never as markup");

        Page order = signedOnDemo().get("/petstore/order?id=424242");
        assertEquals(404, order.status());
        assertTrue(order.text().contains("424242"), order.text());

        Page nowhere = b.get("/petstore/no/such/page");
        assertEquals(404, nowhere.status());
        assertEquals("Page not found", nowhere.title());
    }

    @Test
    void invalidCardIsRefusedOnTheForm() {
        Browser b = signedOnDemo();
        addToCart(b, "I-1008", 1);
        Page form = b.get("/petstore/checkout");
        Page refused = b.submit(form, "form[action$=/checkout]", Map.of("card.type", "Visa", "card.number", "4111 1111 1111 1112", "card.expiry", "13/20"));
        assertEquals(400, refused.status());
        assertEquals("This card number has a typing mistake (its check digit is wrong).", refused.fieldError("card.number"));
        assertTrue(refused.fieldError("card.expiry") != null);
        assertNull(refused.fieldError("billing.street1"));
    }

    @Test
    void concurrentCheckoutsOfTheLastItemLeaveExactlyOneOrder() throws Exception {
        int buyers = 4;
        Set<Long> ordersBefore = ordersOnMyOrders(signedOnDemo());
        List<Browser> browsers = new ArrayList<>();
        List<Page> reviews = new ArrayList<>();
        for (int i = 0; i < buyers; i++) {
            Browser b = signedOnDemo();
            addToCart(b, "I-1023", 1);
            Page form = b.get("/petstore/checkout");
            reviews.add(b.submit(form, "form[action$=/checkout]", Map.of("card.type", "Visa", "card.number", "4111111111111111", "card.expiry", "12/39")));
            browsers.add(b);
        }
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Page>> outcomes = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(buyers)) {
            for (int i = 0; i < buyers; i++) {
                Browser b = browsers.get(i);
                Page review = reviews.get(i);
                Callable<Page> place = () -> {
                    go.await();
                    return b.submit(review, "form[action$=/checkout]", Map.of());
                };
                outcomes.add(pool.submit(place));
            }
            go.countDown();
            Map<Integer, Integer> statuses = new HashMap<>();
            for (Future<Page> f : outcomes) {
                Page p = f.get();
                statuses.merge(p.status(), 1, Integer::sum);
                if (p.status() == 409) {
                    assertEquals("Not enough in stock", p.title());
                }
            }
            assertEquals(Map.of(200, 1, 409, buyers - 1), statuses, "one buyer gets the cat, the others a clear page");
        }
        Browser demo = signedOnDemo();
        Set<Long> newOrders = ordersOnMyOrders(demo);
        newOrders.removeAll(ordersBefore);
        assertEquals(1, newOrders.size(), "exactly one new order: " + newOrders);
        Page order = demo.get("/petstore/order?id=" + newOrders.iterator().next());
        assertEquals(1, order.document().select("td:contains(item I-1023)").size(), "its one line is the last Persian: " + order.text());
        assertEquals("Sold out", stockOnItemPage("I-1023"));
    }

    /** What the item's page says about its stock: "N in stock" or "Sold out". */
    private String stockOnItemPage(String itemId) {
        Page item = store.browser().get("/petstore/item?id=" + itemId);
        assertEquals(200, item.status(), item.text());
        return item.document().selectFirst("p.stock").text();
    }

    /** The ids of the orders on the signed-on browser's "My orders". */
    private static Set<Long> ordersOnMyOrders(Browser b) {
        Page orders = b.get("/petstore/orders");
        assertEquals(200, orders.status(), orders.text());
        Set<Long> ids = new HashSet<>();
        for (Element row : orders.document().select("table.orders tbody tr")) {
            ids.add(Long.parseLong(row.selectFirst("a").text().replace("Order ", "")));
        }
        return ids;
    }
}
