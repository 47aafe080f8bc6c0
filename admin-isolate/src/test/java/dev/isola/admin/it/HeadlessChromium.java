package dev.isola.admin.it;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Debian's Chromium in headless mode, driven by Selenium WebDriver through Debian's
 * {@code chromedriver}, with a fresh profile, and a camera: {@link #screenshot} saves the
 * current page as a numbered PNG.
 *
 * <p>Nothing is downloaded: the driver and the browser are given by path (system properties
 * {@code chromedriver} and {@code chromium}, default {@code /usr/bin/chromedriver} and
 * {@code /usr/bin/chromium}), so Selenium Manager never runs. When either is missing,
 * {@link #start} fails with a message that says how to install them ({@code .ci/run} does).
 *
 * <pre>{@code
 * try (HeadlessChromium chromium = HeadlessChromium.start(Path.of("target/screenshots"))) {
 *     chromium.driver().get("http://127.0.0.1:4848/console/");
 *     chromium.screenshot("login");                       // target/screenshots/01-login.png
 * }
 * }</pre>
 *
 * Shipped in this module's test jar, so that other modules' browser tests (the Pet Store's)
 * drive Chromium the same way.
 */
public final class HeadlessChromium implements AutoCloseable {

    /**
     * Without the background-networking flags Chromium tries to reach Google's services at
     * start and, where there is no internet, its connections are refused.
     */
    private static final String[] ARGUMENTS = {
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--window-size=1280,1024"};

    /** Long enough for a page of a busy 2-core machine; only a broken server waits this long. */
    public static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final ChromeDriver driver;
    private final Path profile;
    private final Path screenshots;
    private int shots;

    private HeadlessChromium(ChromeDriver driver, Path profile, Path screenshots) {
        this.driver = driver;
        this.profile = profile;
        this.screenshots = screenshots;
    }

    /**
     * Starts Chromium with a new profile in a temporary directory. Screenshots go to
     * {@code screenshots}, which is created, and emptied of the PNG files an earlier run left
     * there, so that what it holds is this run's pages only.
     */
    public static HeadlessChromium start(Path screenshots) throws IOException {
        Path chromedriver = executable("chromedriver", "/usr/bin/chromedriver");
        Path chromium = executable("chromium", "/usr/bin/chromium");
        Files.createDirectories(screenshots);
        try (Stream<Path> old = Files.list(screenshots)) {
            for (Path png : old.filter(p -> p.getFileName().toString().endsWith(".png")).toList()) {
                Files.delete(png);
            }
        }
        Path profile = Files.createTempDirectory("isola-chromium-profile");
        ChromeOptions options = new ChromeOptions()
                .setBinary(chromium.toFile())
                .addArguments(ARGUMENTS)
                .addArguments("--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver.toFile())
                .usingAnyFreePort()
                .build();
        try {
            ChromeDriver driver = new ChromeDriver(service, options);
            driver.manage().timeouts().pageLoadTimeout(TIMEOUT);
            return new HeadlessChromium(driver, profile, screenshots);
        } catch (RuntimeException e) {
            service.stop();
            delete(profile);
            throw e;
        }
    }

    private static Path executable(String property, String defaultPath) {
        Path path = Path.of(System.getProperty(property, defaultPath));
        if (!Files.isExecutable(path)) {
            throw new IllegalStateException(path + " (system property " + property + ") is missing or not executable: the browser tests need"
                    + " Debian's Chromium and its WebDriver; install them with `apt-get install chromium chromium-driver`"
                    + " (.ci/run does this on CI)");
        }
        return path;
    }

    public WebDriver driver() {
        return driver;
    }

    /** Opens {@code url} and returns once the page has loaded. */
    public void open(String url) {
        driver.get(url);
    }

    /**
     * The element {@code css} selects, waiting until it is on the page and, on a console page that
     * refreshes itself, until its first refresh has filled the parts above the forms: a click
     * computed before that lands where the button was, not where it is.
     */
    public WebElement find(String css) {
        until("the first refresh of " + driver.getCurrentUrl(), d -> Boolean.TRUE.equals(((JavascriptExecutor) d).executeScript(
                "return !document.body || !document.body.dataset.polls || document.body.dataset.refreshed === 'true';")));
        return until("an element " + css, d -> d.findElements(By.cssSelector(css)).stream().findFirst().orElse(null));
    }

    /** The text of the page's first {@code h1}, once there is one. */
    public String heading() {
        return find("h1").getText();
    }

    /**
     * Waits until {@code condition} gives a non-null, non-false value (a click's navigation, a
     * message to appear) and returns it; the timeout's message names {@code what} and the page.
     */
    public <T> T until(String what, Function<WebDriver, T> condition) {
        try {
            return new WebDriverWait(driver, TIMEOUT).ignoring(StaleElementReferenceException.class).until(d -> {
                try {
                    return condition.apply(d);
                } catch (WebDriverException e) {
                    // An element found just before the page was replaced: Chromium reports it as an
                    // "unknown error" rather than a stale element. Look again, as for a stale one.
                    if (e.getMessage() != null && e.getMessage().contains("does not belong to the document")) {
                        return null;
                    }
                    throw e;
                }
            });
        } catch (TimeoutException e) {
            throw new AssertionError("waited " + TIMEOUT.toSeconds() + " s for " + what + " on " + driver.getCurrentUrl()
                    + " (\"" + driver.getTitle() + "\")", e);
        }
    }

    /**
     * Saves the whole page, not only the window's part of it, as {@code NN-name.png} in the
     * screenshot directory, and returns the file. WebDriver's own screenshot stops at the window;
     * Chromium's DevTools command, sent through chromedriver, captures beyond it.
     */
    public Path screenshot(String name) {
        Path file = screenshots.resolve("%02d-%s.png".formatted(++shots, name));
        Map<String, Object> size = cast(driver.executeCdpCommand("Page.getLayoutMetrics", Map.of()).get("cssContentSize"));
        Map<String, Object> clip = Map.of("x", 0, "y", 0, "scale", 1,
                "width", ((Number) size.get("width")).doubleValue(), "height", ((Number) size.get("height")).doubleValue());
        Map<String, Object> shot = driver.executeCdpCommand("Page.captureScreenshot",
                Map.of("format", "png", "captureBeyondViewport", true, "clip", clip));
        try {
            Files.write(file, Base64.getDecoder().decode((String) shot.get("data")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write screenshot " + file, e);
        }
        return file;
    }

    /**
     * A JUnit extension that saves the page a failed test stopped on as {@code NN-failed-<test>.png},
     * for a test class to register with {@code @RegisterExtension}; {@code chromium} gives the
     * browser of the moment (null before it has started).
     */
    public static TestWatcher screenshotOnFailure(Supplier<HeadlessChromium> chromium) {
        return new TestWatcher() {
            @Override
            public void testFailed(ExtensionContext context, Throwable cause) {
                HeadlessChromium browser = chromium.get();
                if (browser != null) {
                    Path file = browser.screenshot("failed-" + context.getRequiredTestMethod().getName());
                    cause.addSuppressed(new AssertionError("the page at the failure (" + browser.driver.getCurrentUrl() + ") is in " + file));
                }
            }
        };
    }

    /** Quits the browser and its driver, and deletes the profile. */
    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            delete(profile);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Object json) {
        return (Map<String, Object>) json;
    }

    private static void delete(Path directory) {
        try (Stream<Path> s = Files.walk(directory)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the Chromium profile " + directory, e);
        }
    }
}
