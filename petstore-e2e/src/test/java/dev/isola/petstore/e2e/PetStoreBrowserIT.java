package dev.isola.petstore.e2e;

import dev.isola.admin.it.HeadlessChromium;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A shopper's main path through the Pet Store in a real browser (headless Chromium, see
 * {@link HeadlessChromium}), on the combined domain of a real admin isolate with the unmodified
 * {@code petstore.ear} deployed by deploy-tool ({@link PetStoreDomains}): home,
 * category, product, item, add to cart, change the quantity, create an account (after the form
 * has said what is wrong), checkout, review, confirmation, and "My orders" showing the order
 * approved by the message-driven bean. Each page is saved as a screenshot in
 * {@code target/screenshots/} (system property {@code screenshots.dir}).
 *
 * <p>{@link PetStoreScenarios} checks the same application in depth over plain HTTP, in both modes; this test checks
 * what only a browser does: the pages render and their links, buttons, selects and redirects
 * work when clicked.
 */
@ExtendWith(PetStoreDomainsExtension.class)
class PetStoreBrowserIT {

    static HeadlessChromium chromium;
    static String base;

    @RegisterExtension
    static final TestWatcher SCREENSHOT_ON_FAILURE = HeadlessChromium.screenshotOnFailure(() -> chromium);

    @BeforeAll
    static void start(PetStoreDomains domains) throws Exception {
        base = domains.store(PetStoreDomains.COMBINED).origin() + "/petstore";
        chromium = HeadlessChromium.start(Path.of(System.getProperty("screenshots.dir", "target/screenshots")));
    }

    @AfterAll
    static void stop() throws Exception {
        if (chromium != null) {
            chromium.close();
        }
    }

    @Test
    void shopperBuysAKoiAndSeesTheOrderApproved() {
        chromium.open(base + "/");
        assertEquals("Welcome to the Pet Store", chromium.heading());
        assertEquals(List.of("Fish", "Dogs", "Reptiles", "Cats", "Birds"), texts("ul.cards h3"));
        shot("home");

        clickAndWaitFor("ul.cards a[href$='/category?id=FISH']", "Fish");
        shot("category");
        clickAndWaitFor("ul.cards a[href$='/product?id=FI-KOI']", "Koi");
        assertTrue(chromium.find("ul.items").getText().contains("$38.50"), chromium.find("ul.items").getText());
        shot("product");
        clickAndWaitFor("a[href$='/item?id=I-1005']", "Koi: Spotted");
        assertEquals("25 in stock", chromium.find("p.stock").getText());
        shot("item");

        type("#f-quantity", "2");
        clickAndWaitFor("form.add-form button[type=submit]", "Your cart");
        assertEquals("$77.00", chromium.find("td.subtotal").getText());
        assertEquals("2", chromium.find("header .badge").getText(), "the header counts the pets in the cart");
        shot("cart");

        type("#q-I-1005", "3");
        chromium.find("#cart-form .actions button[type=submit]").click();
        chromium.until("the subtotal of 3 koi", d -> chromium.find("td.subtotal").getText().equals("$115.50"));
        assertEquals("3", chromium.find("header .badge").getText());
        shot("cart-changed");

        clickAndWaitFor("a[href$='/checkout']", "Sign on");
        assertTrue(chromium.driver().getCurrentUrl().contains("/signon?next="), "checkout asks for a sign-on first: " + chromium.driver().getCurrentUrl());
        shot("sign-on");

        clickAndWaitFor("main a[href$='/register']", "Create an account");
        fill(Map.of("#f-userId", "9lives", "#f-password", "short", "#f-repeatPassword", "shorter", "#f-email", "not-an-email",
                "#f-firstName", "Mira"));
        chromium.find("main form[action$='/register'] button[type=submit]").click();
        WebElement summary = chromium.find("p.error-summary");
        assertTrue(summary.getText().startsWith("Please correct the "), summary.getText());
        assertEquals("User id: 3 to 20 letters, digits, '.', '_' or '-', starting with a letter.", chromium.find("#f-userId-error").getText());
        assertEquals("Enter an e-mail address such as name@example.com.", chromium.find("#f-email-error").getText());
        assertEquals("true", chromium.find("#f-email").getAttribute("aria-invalid"));
        assertEquals("Mira", chromium.find("#f-firstName").getDomProperty("value"), "the form keeps what was typed");
        shot("register-errors");

        fill(Map.ofEntries(Map.entry("#f-userId", "mira"), Map.entry("#f-password", "koi-pond-2024"),
                Map.entry("#f-repeatPassword", "koi-pond-2024"), Map.entry("#f-email", "mira@example.com"), Map.entry("#f-lastName", "Fisher"),
                Map.entry("#f-billing-firstName", "Mira"), Map.entry("#f-billing-lastName", "Fisher"), Map.entry("#f-billing-street1", "1 Pond Road"),
                Map.entry("#f-billing-city", "Kyoto"), Map.entry("#f-billing-zip", "600-8216"), Map.entry("#f-billing-country", "Japan")));
        new Select(chromium.find("#favouriteCategory")).selectByVisibleText("Fish");
        shot("register-filled");
        clickAndWaitFor("main form[action$='/register'] button[type=submit]", "Your account");
        assertEquals("Your account is ready and you are signed on.", chromium.find("p.notice.success").getText());
        shot("account");

        clickAndWaitFor("header a.cart-link", "Your cart");
        assertEquals("$115.50", chromium.find("td.subtotal").getText(), "the cart survives creating an account");
        clickAndWaitFor("a[href$='/checkout']", "Checkout");
        assertEquals("1 Pond Road", chromium.find("#f-billing-street1").getDomProperty("value"), "the billing address comes from the account");
        new Select(chromium.find("#card-type")).selectByVisibleText("Visa");
        fill(Map.of("#f-card-number", "4111 1111 1111 1111", "#f-card-expiry", "12/39"));
        shot("checkout");
        clickAndWaitFor("main form[action$='/checkout'] button[type=submit]", "Review your order");
        assertEquals("$115.50", chromium.find("td.subtotal").getText());
        assertTrue(chromium.find("div.addresses").getText().contains("Visa ending in 1111"), chromium.find("div.addresses").getText());
        shot("review");

        chromium.find("main form[action$='/checkout'] button[type=submit]").click();
        String confirmation = chromium.until("the confirmation", d -> d.getCurrentUrl().contains("/order?id=") ? d.getCurrentUrl() : null);
        String orderId = confirmation.replaceAll(".*[?&]id=(\\d+).*", "$1");
        assertEquals("Thank you! Your order " + orderId + " is placed. We will process it shortly; this page shows its status.",
                chromium.find("p.notice.success").getText());
        shot("confirmation");

        clickAndWaitFor("header a[href$='/orders']", "My orders");
        chromium.until("order " + orderId + " approved on My orders", d -> {
            if (status(orderId).equals("Approved")) {
                return true;
            }
            d.navigate().refresh();
            return false;
        });
        shot("my-orders");
        clickAndWaitFor("table.orders a[href$='/order?id=" + orderId + "']", "Order " + orderId + " Approved");
        assertTrue(chromium.find("article.message").getText().contains("Your Pet Store order " + orderId + " is approved"),
                "the outbox notification is shown: " + chromium.find("article.message").getText());
        shot("order-approved");
    }

    /** Clicks what {@code css} selects and waits for the next page, whose {@code h1} is {@code heading}. */
    private static void clickAndWaitFor(String css, String heading) {
        WebElement target = chromium.find(css);
        target.click();
        chromium.until("the page \"" + heading + "\" after clicking " + css, d -> heading.equals(chromium.heading()));
    }

    private static void type(String css, String text) {
        WebElement field = chromium.find(css);
        field.clear();
        field.sendKeys(text);
    }

    private static void fill(Map<String, String> fields) {
        fields.forEach(PetStoreBrowserIT::type);
    }

    private static List<String> texts(String css) {
        return chromium.driver().findElements(By.cssSelector(css)).stream().map(WebElement::getText).toList();
    }

    /** The status "My orders" shows for {@code orderId}, or "" while the row is not there. */
    private static String status(String orderId) {
        for (WebElement row : chromium.driver().findElements(By.cssSelector("table.orders tbody tr"))) {
            if (row.findElement(By.cssSelector("a")).getText().equals("Order " + orderId)) {
                return row.findElement(By.cssSelector("span.status")).getText();
            }
        }
        return "";
    }

    private static void shot(String name) {
        Path file = chromium.screenshot(name);
        try {
            byte[] png = Files.readAllBytes(file);
            assertTrue(png.length > 1000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', file + " is a PNG of the page");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
