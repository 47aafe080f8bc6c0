package dev.isola.admin.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.admin.it.sender.SendServlet;
import dev.isola.admin.it.sender.SubscribeServlet;
import dev.isola.appserver.security.Keyfile;
import dev.isola.appserver.security.PasswordHash;
import dev.isola.appserver.security.RealmUser;
import dev.isola.domains.testapp.TestEars;
import dev.isola.mvm.isolate.IsolateRecord;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;
import org.openqa.selenium.Alert;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The web console in a real browser (headless Chromium, {@link HeadlessChromium}) against a real
 * admin isolate with a combined domain ({@code shop}, created with the API) and a separated one
 * ({@code crm}, created with the console's form): login refused and accepted, the dashboard's
 * isolates and footprint chart, deployment through the page in both modes, refused uploads
 * showing the API's message escaped, a restart (of the combined domain: every action goes to the
 * same API operation whatever the mode, and a separated domain takes three isolates' time) and its
 * events, the JMS destinations and a queue's and a durable subscription's purge, a domain's users
 * added, changed and deleted, a datasource pinged, a log level set and reset, a domain restored
 * from a backup uploaded on the dashboard, the CSRF
 * token required on every post (with an HTTP client holding a real session), and logout. Every
 * page is saved as a screenshot in {@code target/screenshots/}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleBrowserIT {

    private static AdminFixture admin;
    private static HeadlessChromium chromium;
    private static Path ear;
    private static int shopPort;

    @RegisterExtension
    static final TestWatcher SCREENSHOT_ON_FAILURE = HeadlessChromium.screenshotOnFailure(() -> chromium);

    @BeforeAll
    static void startAdminWithACombinedDomain() throws Exception {
        admin = AdminFixture.start();
        ear = TestEars.orders(admin.work(), "orders.ear");
        shopPort = AdminFixture.freePort();
        HttpResponse<String> created = admin.call("POST", "/api/domains", HttpRequest.BodyPublishers.ofString("""
                {"name": "shop", "mode": "combined", "httpPort": %d, "isolate": {"heap": "192m"},
                 "jmsDestinations": [{"name": "prices", "type": "topic"}], "start": true}
                """.formatted(shopPort)), "application/json");
        assertEquals(201, created.statusCode(), created.body());
        chromium = HeadlessChromium.start(Path.of(System.getProperty("screenshots.dir", "target/screenshots")));
    }

    @AfterAll
    static void stopEverything() throws IOException {
        try {
            if (chromium != null) {
                chromium.close();
            }
        } finally {
            if (admin != null) {
                admin.close();
            }
        }
    }

    private static String console(String path) {
        return admin.url() + "/console" + path;
    }

    /** The text of what {@code css} selects, found afresh: the live parts of the pages are redrawn every few seconds. */
    private static String text(String css) {
        return chromium.until("an element " + css, d -> {
            List<WebElement> found = d.findElements(By.cssSelector(css));
            return found.isEmpty() ? null : found.getFirst().getText();
        });
    }

    /** An attribute of what {@code css} selects, found afresh. */
    private static String attribute(String css, String name) {
        return chromium.until(name + " of " + css, d -> {
            List<WebElement> found = d.findElements(By.cssSelector(css));
            return found.isEmpty() ? null : found.getFirst().getDomAttribute(name);
        });
    }

    private static void awaitText(String css, String expected) {
        chromium.until("'" + expected + "' in " + css, d -> {
            List<WebElement> found = d.findElements(By.cssSelector(css));
            return !found.isEmpty() && found.getFirst().getText().contains(expected);
        });
    }

    /**
     * As {@link #awaitText}, for actions that stop or start the three isolates of a separated
     * domain: on a busy two-core machine they take longer than a page load may.
     */
    private static void awaitSlowText(String css, String expected) {
        new WebDriverWait(chromium.driver(), Duration.ofMinutes(4)).ignoring(StaleElementReferenceException.class).until(d -> {
            List<WebElement> found = d.findElements(By.cssSelector(css));
            return !found.isEmpty() && found.getFirst().getText().contains(expected);
        });
    }

    private static void logIn(String password) {
        chromium.find("#password").sendKeys(password);
        chromium.find("#login button[type=submit]").click();
    }

    @Test
    @Order(1)
    void aWrongPasswordIsRefused() {
        chromium.open(admin.url() + "/");
        chromium.until("the login page", d -> d.getCurrentUrl().endsWith("/console/login"));
        chromium.screenshot("login");
        logIn("not-the-password");
        awaitText("#login-error", "Wrong user name or password");
        assertTrue(chromium.driver().getCurrentUrl().endsWith("/console/login"));
        chromium.screenshot("login-refused");
    }

    @Test
    @Order(2)
    void theDashboardShowsTheDomainItsIsolatesAndTheirFootprint() {
        logIn(AdminFixture.PASSWORD);
        chromium.until("the dashboard", d -> d.getCurrentUrl().endsWith("/console/"));
        assertEquals("Dashboard", chromium.heading());
        assertEquals("combined", text("#domains tr[data-domain=shop] td:nth-child(2)"));
        assertEquals("RUNNING", text("#domains tr[data-domain=shop] td:nth-child(3)"));
        String row = "#isolates tr[data-isolate=shop] ";
        assertEquals("server", text(row + "td:nth-child(3)"));
        assertEquals(Long.toString(admin.domainIsolates().getFirst().pid()), text(row + "td:nth-child(4)"));
        assertTrue(text(row + "td:nth-child(7)").matches("[0-9.]+ MB / 192 MB"), text(row + "td:nth-child(7)"));

        assertTrue(width("shop", "seg-shared") > 0, "shared class metadata is drawn");
        assertTrue(width("shop", "seg-heap") > 0, "the private heap is drawn");
        long sharedBytes = Long.parseLong(attribute("#footprint g[data-isolate=shop] rect.seg-shared", "data-bytes"));
        assertTrue(sharedBytes > 1 << 20, "at least a MB of the class-data archive is shared: " + sharedBytes);
        long pss = Long.parseLong(attribute("#footprint rect.bar-pss", "data-bytes"));
        long rss = Long.parseLong(attribute("#footprint rect.bar-rss", "data-bytes"));
        assertTrue(pss > 0 && pss < rss, "with sharing (PSS " + pss + ") costs less than without (RSS summed " + rss + ")");
        assertTrue(text("#footprint-total").contains("without sharing"), text("#footprint-total"));
        chromium.screenshot("dashboard");

        chromium.driver().manage().window().setSize(new Dimension(390, 844));
        try {
            chromium.open(console("/"));
            chromium.find("#footprint g[data-isolate=shop] rect.seg-shared");
            Number pageWidth = (Number) ((JavascriptExecutor) chromium.driver()).executeScript("return document.documentElement.scrollWidth");
            assertTrue(pageWidth.intValue() <= 390, "on a phone the page fits the screen (tables scroll in place): " + pageWidth);
            chromium.screenshot("dashboard-phone");
        } finally {
            chromium.driver().manage().window().setSize(new Dimension(1280, 1024));
        }
    }

    /** The drawn width of one segment ({@code seg-shared}, {@code seg-heap}, {@code seg-other}) of an isolate's bar. */
    private static double width(String isolate, String segment) {
        return Double.parseDouble(attribute("#footprint g[data-isolate=" + isolate + "] rect." + segment, "width"));
    }

    @Test
    @Order(3)
    void aSeparatedDomainIsCreatedThroughTheFormAndARefusalShowsTheApisMessage() throws IOException {
        chromium.open(console("/"));
        chromium.find("#create-domain input[name=name]").sendKeys("shop");
        chromium.find("#create-domain button[type=submit]").click();
        awaitText("#create-result.error", "domain 'shop' already exists");

        WebElement name = chromium.find("#create-domain input[name=name]");
        name.clear();
        name.sendKeys("crm");
        new Select(chromium.find("#create-domain select[name=mode]")).selectByValue("separated");
        chromium.find("#create-domain input[name=httpPort]").sendKeys(Integer.toString(AdminFixture.freePort()));
        chromium.find("#create-domain input[name=heap]").sendKeys("192m");
        chromium.find("#create-domain input[name=youngGeneration]").sendKeys("24m");
        chromium.find("#create-domain button[type=submit]").click();
        chromium.until("the page of the new domain", d -> d.getCurrentUrl().endsWith("/console/domains/crm"));
        assertEquals("Domain crm", chromium.heading());
        for (String isolate : List.of("crm-jms", "crm-ejb", "crm-web")) {
            assertEquals("RUNNING", text("#isolates tr[data-isolate=" + isolate + "] td:nth-child(5)"));
        }
        assertEquals("jms", text("#isolates tr[data-isolate=crm-jms] td:nth-child(3)"));
        chromium.find("#footprint g[data-isolate=crm-web] rect.seg-shared");
        assertTrue(text("#domain-state").equals("RUNNING"));
        chromium.screenshot("domain-created");
    }

    @Test
    @Order(4)
    void anEarIsDeployedThroughThePageInBothModesAndAnswersAtItsUrl() {
        for (String domain : List.of("shop", "crm")) {
            chromium.open(console("/domains/" + domain));
            chromium.find("#archive").sendKeys(ear.toString());
            chromium.find("#deploy button[type=submit]").click();
            awaitText("#action-result.ok", "Application orders deployed.");
            assertEquals("DEPLOYED", text("#applications tr[data-application=orders] td:nth-child(2)"));
            String url = attribute("#applications tr[data-application=orders] a.app-url", "href");
            chromium.screenshot("applications-" + domain);
            chromium.find("#applications tr[data-application=orders] a.app-url").click();
            chromium.until("the application's URL", d -> d.getCurrentUrl().equals(url));
            chromium.open(url + "orders");
            assertEquals("processed=", chromium.find("body").getText(), "the application of " + domain + " answers");
            // Back on the domain's page, the application shows the requests just made (its URL and its page), with their mean time.
            chromium.open(console("/domains/" + domain));
            String requests = text("#applications tr[data-application=orders] td.requests");
            Matcher counted = Pattern.compile("([0-9,]+)( · .+)? · mean \\d+ ms").matcher(requests);
            assertTrue(counted.matches() && Long.parseLong(counted.group(1).replace(",", "")) >= 2, requests);
        }
    }

    @Test
    @Order(5)
    void uploadsTheApiRefusesShowItsMessageWithMarkupEscaped() throws IOException {
        chromium.open(console("/domains/shop"));
        Path notAnArchive = Files.writeString(admin.work().resolve("page.ear"), "<html><body>not an archive</body></html>");
        chromium.find("#archive").sendKeys(notAnArchive.toString());
        chromium.find("#deploy button[type=submit]").click();
        awaitText("#deploy-result.error", "Deployment refused (400)");
        assertTrue(text("#deploy-result").contains("page.ear"), "the API's message names the file: " + text("#deploy-result"));

        String markup = "<img src=x id=injected>";
        chromium.open(console("/domains/shop"));
        chromium.find("#archive").sendKeys(ear.toString());
        chromium.find("#application-name").sendKeys(markup);
        chromium.find("#deploy button[type=submit]").click();
        awaitText("#deploy-result.error", "'" + markup + "' is not a valid application name");
        assertTrue(chromium.driver().findElements(By.cssSelector("#injected")).isEmpty(), "the name is shown as text, not markup");
        chromium.screenshot("deploy-refused");
    }

    @Test
    @Order(6)
    void aRestartAppearsInTheDomainsEvents() {
        chromium.open(console("/domains/shop"));
        chromium.find("#events tr[data-kind]");
        Instant before = Instant.now();
        chromium.find("button[data-domain-action=restart]").click();
        awaitText("#action-result.ok", "Domain shop: restart done.");
        chromium.until("a STOPPED and a STARTED event after the restart", d -> {
            boolean stopped = false;
            boolean started = false;
            for (WebElement row : d.findElements(By.cssSelector("#events tr[data-kind]"))) {
                if (Instant.parse(row.getDomAttribute("data-at")).isAfter(before)) {
                    stopped |= row.getDomAttribute("data-kind").equals("STOPPED");
                    started |= row.getDomAttribute("data-kind").equals("STARTED");
                }
            }
            return stopped && started;
        });
        assertEquals("RUNNING", text("#domain-state"));
        assertTrue(text("#logs .log-of[data-isolate=shop] pre.log").contains("[shop/shop]"), "the tail of the isolate's log");
        assertEquals("DEPLOYED", text("#applications tr[data-application=orders] td:nth-child(2)"), "redeployed at the start");
        chromium.screenshot("domain-restarted");
    }

    @Test
    @Order(7)
    void theJmsPagesShowTheDestinationsWithTheirConsumers() {
        for (String domain : List.of("shop", "crm")) {
            chromium.open(console("/domains/" + domain + "/jms"));
            String orders = "#jms tr[data-destination=orders] ";
            assertEquals("queue", text(orders + "td:nth-child(2)"));
            assertEquals(domain.equals("shop") ? "shop" : "crm-jms", text(orders + "td:nth-child(3)"));
            assertTrue(Integer.parseInt(text(orders + "td:nth-child(6)")) >= 1, "the MDB consumes: " + text(orders));
            assertEquals("0", text(orders + "td:nth-child(10)"), "nothing dead-lettered");
            chromium.screenshot("jms-" + domain);
        }
        chromium.open(console("/"));
        for (String isolate : List.of("shop", "crm-jms", "crm-ejb", "crm-web")) {
            assertTrue(width(isolate, "seg-shared") > 0, isolate);
        }
        chromium.screenshot("dashboard-both-domains");
    }

    @Test
    @Order(7)
    void aQueueIsPurgedFromItsJmsPageOnceTheOperatorConfirms() throws Exception {
        chromium.open(console("/domains/shop/jms"));
        String purge = "#jms tr[data-destination=orders] button[data-purge=orders]";
        clickLive(purge);
        Alert question = chromium.until("the question before the purge", ExpectedConditions.alertIsPresent());
        assertTrue(question.getText().startsWith("Purge queue orders of domain shop? Its 0 waiting message(s) are removed for good;"),
                question.getText());
        question.dismiss();
        assertEquals("", chromium.find("#jms-result").getText(), "dismissed: nothing was asked of the API");
        assertFalse(eventKinds("shop").contains("JMS_PURGED"), "and nothing recorded");

        clickLive(purge);
        chromium.until("the question before the purge", ExpectedConditions.alertIsPresent()).accept();
        awaitText("#jms-result.ok", "Queue orders purged: 0 message(s) removed.");
        JsonNode last = null;
        for (JsonNode event : admin.json("/api/domains/shop/events")) {
            last = event;
        }
        assertEquals("JMS_PURGED", last.path("kind").asText(), last.toString());
        assertEquals("purged 0 message(s) from queue orders", last.path("message").asText());
        chromium.screenshot("jms-purged");
    }

    @Test
    @Order(7)
    void aDurableSubscriptionIsShownWithItsCountAndPurgedOnceTheOperatorConfirms() throws Exception {
        Path sender = admin.work().resolve("sender.ear");
        WebArchive web = ShrinkWrap.create(WebArchive.class, "sender.war").addClasses(SendServlet.class, SubscribeServlet.class);
        ShrinkWrap.create(EnterpriseArchive.class, "sender.ear").addAsModule(web).as(ZipExporter.class).exportTo(sender.toFile(), true);
        assertEquals(0, admin.deployTool("deploy", sender.toString(), "--domain", "shop").exitCode());
        for (String action : List.of("subscribe?topic=prices&name=watch&clientId=console", "publish?topic=prices&count=2")) {
            HttpResponse<String> done = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + shopPort + "/sender/"
                    + action)).POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, done.statusCode(), done.body());
        }

        chromium.open(console("/domains/shop/jms"));
        String row = "#jms-subscriptions tr[data-subscription='console:watch'] ";
        assertEquals("prices", text(row + "td:nth-child(1)"));
        assertEquals("console", text(row + "td:nth-child(3)"));
        assertEquals("no", text(row + "td:nth-child(4)"));
        assertEquals("2", text(row + "td:nth-child(5)"), "the two published, waiting");
        chromium.screenshot("jms-subscriptions");
        String purge = row + "button[data-purge-subscription='console:watch']";
        clickLive(purge);
        Alert question = chromium.until("the question before the purge", ExpectedConditions.alertIsPresent());
        assertTrue(question.getText().startsWith("Purge durable subscription console:watch of topic prices of domain shop? Its 2 waiting message(s)"
                + " are removed for good;"), question.getText());
        question.dismiss();
        assertEquals("2", text(row + "td:nth-child(5)"), "dismissed: nothing removed");

        clickLive(purge);
        chromium.until("the question before the purge", ExpectedConditions.alertIsPresent()).accept();
        awaitText("#jms-result.ok", "Durable subscription console:watch of topic prices purged: 2 message(s) removed.");
        awaitText(row + "td:nth-child(5)", "0");
        JsonNode last = null;
        for (JsonNode event : admin.json("/api/domains/shop/events")) {
            last = event;
        }
        assertEquals("JMS_PURGED", last.path("kind").asText(), last.toString());
        assertEquals("purged 2 message(s) from durable subscription console:watch of topic prices", last.path("message").asText());
        chromium.screenshot("jms-subscription-purged");
        // The tests after this one see shop with its one application, as before.
        assertEquals(0, admin.deployTool("undeploy", "sender", "--domain", "shop").exitCode());
    }

    /** Clicks what {@code css} selects on a page that redraws it every few seconds, finding it again if it was just replaced. */
    private static void clickLive(String css) {
        chromium.find(css);
        chromium.until("a click on " + css, d -> {
            d.findElement(By.cssSelector(css)).click();
            return true;
        });
    }

    private static List<String> eventKinds(String domain) throws Exception {
        List<String> kinds = new java.util.ArrayList<>();
        admin.json("/api/domains/" + domain + "/events").forEach(e -> kinds.add(e.path("kind").asText()));
        return kinds;
    }

    @Test
    @Order(8)
    void onTheSeparatedDomainRedeployStopStartAndUndeployWork() throws Exception {
        chromium.open(console("/domains/crm"));
        String url = attribute("#applications tr[data-application=orders] a.app-url", "href");

        chromium.find("button[data-redeploy=orders]").click();
        awaitSlowText("#action-result.ok", "Application orders redeployed.");
        chromium.open(url + "orders");
        assertEquals("processed=", chromium.find("body").getText(), "the redeployed application answers");

        chromium.open(console("/domains/crm"));
        chromium.find("#backup").click();
        awaitSlowText("#action-result.ok", "Backup saved as crm-");
        List<String> running = new java.util.ArrayList<>();
        admin.json("/api/domains/crm/events").forEach(e -> running.add(e.path("message").asText()));
        assertTrue(running.stream().anyMatch(m -> m.startsWith("backed up while running: ")), "the running domain backed up online: " + running);
        chromium.find("button[data-domain-action=stop]").click();
        awaitSlowText("#action-result.ok", "Domain crm: stop done.");
        assertEquals("STOPPED", text("#domain-state"));
        chromium.find("#backup").click();
        awaitSlowText("#action-result.ok", "Backup saved as crm-");
        assertTrue(text("#action-result").contains("restore it with deploy-tool restore-domain crm-"), text("#action-result"));
        assertTrue(eventKinds("crm").contains("BACKED_UP"), eventKinds("crm").toString());

        chromium.find("button[data-domain-action=start]").click();
        awaitSlowText("#action-result.ok", "Domain crm: start done.");
        assertEquals("RUNNING", text("#domain-state"));
        assertEquals("DEPLOYED", text("#applications tr[data-application=orders] td:nth-child(2)"), "redeployed at the start");
        chromium.screenshot("separated-domain-started");
        chromium.open(url + "orders");
        assertEquals("processed=", chromium.find("body").getText(), "the application answers after the start");

        chromium.open(console("/domains/crm"));
        chromium.find("button[data-undeploy=orders]").click();
        awaitSlowText("#action-result.ok", "Application orders undeployed.");
        assertTrue(chromium.driver().findElements(By.cssSelector("#applications tr[data-application=orders]")).isEmpty(),
                "the undeployed application is no longer listed");
    }

    @Test
    @Order(9)
    void theConfigurationIsEditedOnTheDomainsPageAndWaitsForTheRestart() throws Exception {
        chromium.open(console("/domains/shop"));
        WebElement textarea = chromium.find("#configuration");
        String configuration = textarea.getDomProperty("value");
        assertTrue(configuration.contains("\"heap\" : \"192m\""), configuration);
        assertFalse(chromium.find("#configuration-pending").isDisplayed(), "nothing waits yet");

        edit(configuration.replace("\"httpPort\"", "\"httpPort"));
        chromium.find("#configure button[type=submit]").click();
        awaitText("#configure-result.error", "The configuration is not valid JSON");
        edit(configuration.replace("\"heap\" : \"192m\"", "\"heap\" : \"lots\""));
        chromium.find("#configure button[type=submit]").click();
        awaitText("#configure-result.error", "Configuration refused (400): isolates.server.heap: 'lots' is not a memory size");
        assertFalse(admin.json("/api/domains/shop").path("configurationPending").asBoolean(), "nothing refused was saved");

        edit(configuration.replace("\"heap\" : \"192m\"", "\"heap\" : \"224m\""));
        chromium.find("#configure button[type=submit]").click();
        awaitText("#action-result.ok", "domain shop: 1 change, applied at its next start");
        awaitText("#action-result.ok", "isolates.server.heap: 192m -> 224m");
        awaitText("#configuration-pending", "waits for the domain's next start");
        assertTrue(chromium.find("#configuration").getDomProperty("value").contains("\"heap\" : \"224m\""), "the page shows what waits");
        chromium.screenshot("domain-configuration-pending");

        chromium.find("button[data-domain-action=restart]").click();
        awaitText("#action-result.ok", "Domain shop: restart done.");
        chromium.until("the note to go", d -> !d.findElement(By.id("configuration-pending")).isDisplayed());
        assertEquals("224m", admin.json("/api/domains/shop/configuration").path("isolates").path("server").path("heap").asText());
        assertFalse(admin.json("/api/domains/shop").path("configurationPending").asBoolean());

        chromium.open(console("/domains/shop"));
        String restarted = chromium.find("#configuration").getDomProperty("value");
        assertTrue(restarted.contains("\"logLevels\" : { }"), restarted);
        edit(restarted.replace("\"logLevels\" : { }", "\"logLevels\" : { \"dev.isola.appserver.deploy\" : \"DEBUG\" }"));
        chromium.find("#configure button[type=submit]").click();
        awaitText("#action-result.ok", "domain shop: 1 change, taken by its running isolates at once");
        assertFalse(chromium.find("#configuration-pending").isDisplayed(), "log levels do not wait for a restart");
        assertEquals("FINE", admin.json("/api/domains/shop/log-levels").path("levels").path("dev.isola.appserver.deploy").asText());
    }

    @Test
    @Order(9)
    void usersAreAddedChangedAndDeletedOnTheDomainsPage() throws Exception {
        Path keyfile = admin.domainsRoot().resolve("shop/config/keyfile");
        chromium.open(console("/domains/shop"));
        assertEquals("No users yet: add one below.", text("#users tbody td"));

        fillIn("#add-user", "bad name", "alice-secret", "");
        chromium.find("#add-user button[type=submit]").click();
        awaitText("#users-result.error", "User bad name not added (400): a user name is 1 to 64 letters, digits and . _ @ -");

        fillIn("#add-user", "alice", "alice-secret", "customers, staff");
        chromium.find("#add-user button[type=submit]").click();
        awaitText("#users-result.ok", "User alice added, groups: customers, staff.");
        assertEquals("customers, staff", text("#users tr[data-user=alice] td:nth-child(2)"));
        assertTrue(PasswordHash.matches(Keyfile.read(keyfile).user("alice").orElseThrow().passwordHash(), "alice-secret".toCharArray()));
        chromium.screenshot("domain-users");

        chromium.find("#users button[data-change-user=alice]").click();
        assertEquals("Change user alice", text("#update-user-box h3"));
        assertEquals("customers, staff", chromium.find("#update-user input[name=groups]").getDomProperty("value"), "the present groups to edit");
        fillIn("#update-user", null, "alice-new-secret", "customers");
        chromium.find("#update-user button[type=submit]").click();
        awaitText("#users-result.ok", "User alice changed: password changed, groups: customers.");
        assertEquals("customers", text("#users tr[data-user=alice] td:nth-child(2)"));
        RealmUser changed = Keyfile.read(keyfile).user("alice").orElseThrow();
        assertTrue(PasswordHash.matches(changed.passwordHash(), "alice-new-secret".toCharArray()), "the new password's hash in the file");
        assertEquals(List.of("customers"), changed.groups());

        chromium.find("#users button[data-delete-user=alice]").click();
        Alert question = chromium.until("the question before the deletion", ExpectedConditions.alertIsPresent());
        assertEquals("Delete user alice of domain shop? The user can no longer sign in to the domain's applications.", question.getText());
        question.dismiss();
        assertEquals("alice", admin.json("/api/domains/shop/users").path(0).path("name").asText(), "dismissed: still there");
        chromium.find("#users button[data-delete-user=alice]").click();
        chromium.until("the question before the deletion", ExpectedConditions.alertIsPresent()).accept();
        awaitText("#users-result.ok", "User alice deleted.");
        assertEquals("No users yet: add one below.", text("#users tbody td"));
        assertTrue(Keyfile.read(keyfile).users().isEmpty());
        assertTrue(eventKinds("shop").containsAll(List.of("USER_CREATED", "USER_UPDATED", "USER_DELETED")), eventKinds("shop").toString());
    }

    @Test
    @Order(9)
    void aDataSourceIsPingedOnTheDomainsPage() {
        chromium.open(console("/domains/shop"));
        String defaultDataSource = "#datasources tr[data-datasource='java:comp/DefaultDataSource']";
        awaitText(defaultDataSource + " td:nth-child(3)", "shop");
        assertEquals("embedded Derby database 'default'", text(defaultDataSource + " td:nth-child(9)"));

        chromium.find(defaultDataSource + " button[data-ping]").click();
        awaitText("#datasources-result.ok", "Datasource java:comp/DefaultDataSource (isolate shop) is reachable: Apache Derby");
        awaitText(defaultDataSource + " td:nth-child(4)", "open");
        chromium.screenshot("domain-datasources");
    }

    @Test
    @Order(9)
    void theServerSettingsAreChangedOnTheDashboard() throws Exception {
        chromium.open(console("/"));
        WebElement limit = chromium.find("#admin-settings input[name='restart-limit']");
        String before = limit.getAttribute("value");
        limit.clear();
        limit.sendKeys("-2");
        chromium.find("#admin-settings button[type=submit]").click();
        awaitText("#admin-settings-result.error", "Settings not changed (400):");
        assertTrue(text("#admin-settings-result").contains("--restart-limit must be 0 (never restart a domain) or more, not -2"),
                text("#admin-settings-result"));

        limit = chromium.find("#admin-settings input[name='restart-limit']");
        limit.clear();
        limit.sendKeys("4");
        chromium.find("#admin-settings button[type=submit]").click();
        awaitText("#admin-settings-result.ok", "Set restart-limit=4: in effect now, and kept for the next start.");
        assertEquals("4", chromium.find("#admin-settings input[name='restart-limit']").getAttribute("value"), "the page shows it after the reload");
        assertEquals(4, admin.json("/api/settings").path("settings").path("restartLimit").asInt());
        chromium.screenshot("dashboard-settings");

        limit = chromium.find("#admin-settings input[name='restart-limit']");
        limit.clear();
        limit.sendKeys(before);
        chromium.find("#admin-settings button[type=submit]").click();
        awaitText("#admin-settings-result.ok", "Set restart-limit=" + before);
    }

    @Test
    @Order(9)
    void aLogLevelIsSetAndResetOnTheDomainsPage() throws Exception {
        String logger = "org.apache.catalina.core";
        chromium.open(console("/domains/shop"));
        WebElement name = chromium.find("#set-log-level input[name=logger]");
        name.sendKeys("org..catalina");
        chromium.find("#set-log-level button[type=submit]").click();
        awaitText("#log-levels-result.error", "Log levels not changed (400):");
        assertTrue(text("#log-levels-result").contains("'org..catalina' is not a logger name"), text("#log-levels-result"));

        name = chromium.find("#set-log-level input[name=logger]");
        name.clear();
        name.sendKeys(logger);
        new org.openqa.selenium.support.ui.Select(chromium.find("#set-log-level select[name=level]")).selectByValue("FINER");
        chromium.find("#set-log-level button[type=submit]").click();
        awaitText("#log-levels-result.ok", logger + " is at FINER now.");
        assertEquals("FINER", text("#log-levels tr[data-logger='" + logger + "'] td:nth-child(2)"));
        assertEquals("FINER", admin.json("/api/domains/shop/log-levels").path("levels").path(logger).asText(), "set in the domain");
        chromium.screenshot("domain-log-levels");

        chromium.find("#log-levels button[data-reset-logger='" + logger + "']").click();
        awaitText("#log-levels-result.ok", logger + " is back at its default level.");
        assertTrue(admin.json("/api/domains/shop/log-levels").path("levels").path(logger).isMissingNode(), "reset in the domain");
        assertTrue(chromium.driver().findElements(By.cssSelector("#log-levels tr[data-logger='" + logger + "']")).isEmpty());
    }

    @Test
    @Order(9)
    void aDomainIsRestoredFromABackupThroughTheDashboard() throws Exception {
        HttpResponse<String> created = admin.call("POST", "/api/domains", HttpRequest.BodyPublishers.ofString("""
                {"name": "keep", "httpPort": %d}""".formatted(AdminFixture.freePort())), "application/json");
        assertEquals(201, created.statusCode(), created.body());
        Path backup = admin.work().resolve("keep-backup.zip");
        AdminFixture.ToolRun saved = admin.deployTool("backup-domain", "keep", "--file", backup.toString());
        assertEquals(0, saved.exitCode(), saved.toString());
        Path notAZip = java.nio.file.Files.writeString(admin.work().resolve("not-a-backup.zip"), "just text");

        chromium.open(console("/"));
        chromium.find("#restore-domain input[type=file]").sendKeys(notAZip.toString());
        chromium.find("#restore-domain button[type=submit]").click();
        awaitText("#restore-result.error", "Not restored (400):");

        chromium.find("#restore-domain input[type=file]").sendKeys(backup.toString());
        chromium.find("#restore-domain input[name=name]").sendKeys("kept");
        chromium.find("#restore-domain input[name=httpPort]").sendKeys(Integer.toString(AdminFixture.freePort()));
        chromium.find("#restore-domain button[type=submit]").click();
        chromium.until("the restored domain's page", d -> d.getCurrentUrl().endsWith("/console/domains/kept"));
        assertEquals("Domain kept", text("h1"));
        assertEquals("STOPPED", admin.json("/api/domains/kept").path("state").asText(), "restored, not started");
        assertTrue(eventKinds("kept").contains("RESTORED"), eventKinds("kept").toString());
    }

    /** Types into a user form's fields, replacing what they held; a null value leaves its field alone. */
    private static void fillIn(String form, String name, String password, String groups) {
        String[][] fields = {{"name", name}, {"password", password}, {"groups", groups}};
        for (String[] field : fields) {
            if (field[1] != null) {
                WebElement input = chromium.find(form + " input[name=" + field[0] + "]");
                input.clear();
                input.sendKeys(field[1]);
            }
        }
    }

    /** Puts {@code text} into the configuration's textarea (typing a few kilobytes key by key would take the browser long). */
    private static void edit(String text) {
        ((JavascriptExecutor) chromium.driver()).executeScript("arguments[0].value = arguments[1]", chromium.find("#configuration"), text);
    }

    @Test
    @Order(10)
    void postsWithoutTheSessionsCsrfTokenAreRefused() throws Exception {
        HttpClient client = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
        HttpResponse<String> login = client.send(HttpRequest.newBuilder(URI.create(console("/login"))).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, login.statusCode());
        for (String header : List.of("default-src 'self'", "frame-ancestors 'none'")) {
            assertTrue(login.headers().firstValue("Content-Security-Policy").orElse("").contains(header), login.headers().toString());
        }
        assertEquals("DENY", login.headers().firstValue("X-Frame-Options").orElse(""));
        assertEquals("nosniff", login.headers().firstValue("X-Content-Type-Options").orElse(""));
        assertEquals("same-origin", login.headers().firstValue("Referrer-Policy").orElse(""));
        String cookie = login.headers().firstValue("Set-Cookie").orElse("");
        assertTrue(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), cookie);
        String loginToken = token(login.body(), "name=\"csrf\" value=\"([^\"]+)\"");

        HttpResponse<String> withoutToken = post(client, "/console/login", "user=admin&password=" + AdminFixture.PASSWORD, null);
        assertEquals(403, withoutToken.statusCode(), "a login post without the form's token");
        assertTrue(withoutToken.body().contains("no valid CSRF token"), withoutToken.body());
        HttpResponse<String> loggedIn = post(client, "/console/login", "user=admin&csrf=" + loginToken + "&password="
                + URLEncoder.encode(AdminFixture.PASSWORD, StandardCharsets.UTF_8), null);
        assertEquals(303, loggedIn.statusCode(), loggedIn.body());
        HttpResponse<String> dashboard = client.send(HttpRequest.newBuilder(URI.create(console("/"))).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, dashboard.statusCode());
        String token = token(dashboard.body(), "<meta name=\"csrf-token\" content=\"([^\"]+)\">");
        assertFalse(token.equals(loginToken), "logging in gives the session a new token");

        HttpResponse<String> restart = post(client, "/api/domains/shop/restart", "", null);
        assertEquals(403, restart.statusCode(), "the API refuses a session's post without the token: " + restart.body());
        assertTrue(AdminFixture.parse(restart).path("message").asText().contains("X-CSRF-Token header"), restart.body());
        HttpResponse<String> wrong = post(client, "/api/domains/shop/stop", "", "not-" + token);
        assertEquals(403, wrong.statusCode(), wrong.body());
        assertTrue(AdminFixture.parse(wrong).path("message").asText().contains("a wrong token"), wrong.body());
        HttpResponse<String> logout = post(client, "/console/logout", "", null);
        assertEquals(403, logout.statusCode(), "the console refuses its own form's post without the token");
        assertTrue(logout.body().contains("carries no CSRF token"), logout.body());
        assertEquals("RUNNING", admin.json("/api/domains/shop").path("state").asText(), "nothing refused was done");

        HttpResponse<String> accepted = client.send(HttpRequest.newBuilder(URI.create(admin.url() + "/api/domains"))
                .header("X-CSRF-Token", token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\": \"Not A Name\"}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, accepted.statusCode(), "with the token the API takes the request (and judges its body): " + accepted.body());
        HttpResponse<String> read = client.send(HttpRequest.newBuilder(URI.create(admin.url() + "/api/domains/shop")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, read.statusCode(), "the session reads the API without Basic credentials");
    }

    private static HttpResponse<String> post(HttpClient client, String path, String form, String csrfHeader) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(admin.url() + path))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form));
        if (csrfHeader != null) {
            request.header("X-CSRF-Token", csrfHeader);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String token(String page, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(page);
        assertTrue(matcher.find(), "no " + regex + " in the page");
        return matcher.group(1);
    }

    @Test
    @Order(11)
    void logoutEndsTheSession() {
        chromium.open(console("/"));
        chromium.find("header .logout button").click();
        awaitText("p.notice", "You have logged out.");
        chromium.open(console("/domains/shop"));
        chromium.until("the login page again", d -> d.getCurrentUrl().endsWith("/console/login"));
    }

    @Test
    @Order(12)
    void anIsolateAdoptedRunningAnEarlierBuildIsMarked() throws IOException {
        admin.haltAdmin();
        // As if the image had been rebuilt since shop started: its record names another build than the jars hold.
        IsolateRecord shop = admin.domainIsolates().stream().filter(r -> r.name().equals("shop")).findFirst().orElseThrow();
        Path descriptor = shop.runDirectory().resolve("isolate.properties");
        Files.writeString(descriptor, Files.readString(descriptor).replaceAll("(?m)^imageBuild=.*$", "imageBuild=0123456789abcdef"));
        admin.startAdmin();

        chromium.open(console("/"));
        chromium.until("the login page of the new admin isolate", d -> d.getCurrentUrl().endsWith("/console/login"));
        logIn(AdminFixture.PASSWORD);
        awaitText("#isolates tr[data-isolate=shop] .older-build", "earlier build: restart the domain to update");
        assertEquals(Long.toString(shop.pid()), text("#isolates tr[data-isolate=shop] td:nth-child(4)"), "the same process, adopted");
        chromium.screenshot("older-build");
    }
}
