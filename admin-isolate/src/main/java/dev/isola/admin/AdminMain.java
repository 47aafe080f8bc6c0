package dev.isola.admin;

import dev.isola.admin.auth.AdminPassword;
import dev.isola.admin.auth.AdminPasswordException;
import dev.isola.admin.auth.PasswordChange;
import dev.isola.admin.auth.PasswordCheck;
import dev.isola.admin.deploy.ArchiveValidator;
import dev.isola.admin.metrics.PrometheusMetrics;
import dev.isola.admin.rest.AdminApi;
import dev.isola.admin.console.Console;
import dev.isola.admin.rest.AdminServer;
import dev.isola.admin.rest.OpenApiDocument;
import dev.isola.admin.rest.Uploads;
import dev.isola.admin.supervise.AutoDeploy;
import dev.isola.admin.supervise.RestartPolicy;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.logging.ProcessLogging;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.isolate.CheckpointException;
import dev.isola.mvm.isolate.ElasticYoungGeneration;
import dev.isola.mvm.isolate.FrozenSpare;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.MvmHome;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * The main class of the admin isolate, the root isolate of an installation. Started by
 * {@code bin/appserver start} (see {@link dev.isola.admin.cli.AdminLauncher}), never by hand:
 *
 * <pre>
 *   AdminMain --domains-dir var/domains --image admin-isolate/target/image/lib [--port 4848]
 *     1. logs to var/domains/.admin/admin.log
 *     2. takes the admin password's hash (ISOLA_ADMIN_PASSWORD, --password-file or the stored hash)
 *     3. opens the admin port: REST API, metrics, Basic authentication
 *     4. re-adopts the domains a previous admin isolate left running, starts the others that should run
 *     5. supervises them until it is told to exit; the domains go on running after it
 * </pre>
 */
@Command(name = "admin-isolate", description = "Runs the admin isolate (started by bin/appserver start).")
public final class AdminMain implements Callable<Integer> {

    static final int BAD_SETUP = 2;

    @Option(names = "--domains-dir", required = true, description = "the domains root")
    Path domainsDirectory;

    /** The most entries an uploaded archive may have, nested archives' included (archive bombs of many small entries). */
    private static final int MAX_ARCHIVE_ENTRIES = 100_000;

    @Option(names = "--image", required = true, description = "the server image: a directory of jars")
    Path image;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "listen address of the admin port (default ${DEFAULT-VALUE})")
    String host;

    @Option(names = "--port", defaultValue = "4848", description = "the admin port (default ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--aot-cache", defaultValue = "true", arity = "1", description = "whether the image has an AOT cache (default ${DEFAULT-VALUE})")
    boolean aotCache;

    @Option(names = "--petstore", description = "the Pet Store EAR, for the image's training run")
    Path petstore;

    @Option(names = "--password-file", description = "a file whose first line is the admin password")
    Path passwordFile;

    @Mixin
    AdminSettingsOptions settingsOptions;

    @Option(names = "--spare-isolates", defaultValue = "0",
            description = "warmed-up JVMs kept ready for combined domains to start in (default ${DEFAULT-VALUE})")
    int spareIsolates;

    @Option(names = "--freeze-spares", description = "keep the spare isolates frozen to disk (CRIU) rather than waiting in memory")
    boolean freezeSpares;

    @Option(names = "--reset-spare-jit-state", description = "a domain started in a spare drops the JIT state of the spare's warm-up")
    boolean resetSpareJitState;

    @Override
    public Integer call() throws Exception {
        Instant started = Instant.now();
        DomainsRoot root = DomainsRoot.at(domainsDirectory);
        AdminFiles files = AdminFiles.of(root);
        Files.createDirectories(files.directory());
        ProcessLogging.install(files.log(), "admin");
        System.Logger log = System.getLogger("dev.isola.admin");
        log.log(System.Logger.Level.INFO, "admin isolate " + Isolate.current().id() + " (pid " + ProcessHandle.current().pid() + ") starting for "
                + root.path());

        AdminPassword.Source password;
        AdminSettings settings;
        try {
            password = AdminPassword.resolve(files, System.getenv(), Optional.ofNullable(passwordFile));
            settings = settingsOptions.settings();
        } catch (AdminPasswordException | IllegalArgumentException e) {
            log.log(System.Logger.Level.ERROR, "cannot start: " + e.getMessage());
            return BAD_SETUP;
        }
        log.log(System.Logger.Level.INFO, "admin password from " + password.description());

        Image serverImage = ServerImage.of(image, Optional.ofNullable(petstore), aotCache);
        log.log(System.Logger.Level.INFO, "settings: " + String.join(" ", settings.arguments()));
        RestartPolicy policy = restartPolicy(settings);
        if (spareIsolates < 0) {
            log.log(System.Logger.Level.ERROR, "cannot start: --spare-isolates must be 0 or more, not " + spareIsolates);
            return BAD_SETUP;
        }
        if (freezeSpares) {
            try {
                FrozenSpare.requireSupport();
            } catch (CheckpointException e) {
                log.log(System.Logger.Level.ERROR, "cannot start: --freeze-spares: " + e.getMessage());
                return BAD_SETUP;
            }
        }
        Supervisor supervisor = new Supervisor(root, serverImage, MvmHome.resolve(), policy, settings.retention(), spareIsolates, freezeSpares,
                resetSpareJitState, Optional.ofNullable(petstore));
        ArchiveValidator validator = new ArchiveValidator(new ArchiveValidator.Limits(settings.maxExpandedSize().bytes(), MAX_ARCHIVE_ENTRIES));
        Uploads uploads = new Uploads(validator, settings.maxUploadSize().bytes());
        AutoDeploy autoDeploy = new AutoDeploy(supervisor, validator);
        String hint = Files.exists(files.generatedPassword()) ? "the generated password is in " + files.generatedPassword()
                : "the password is the one given at start, via " + password.description();
        PasswordCheck passwordCheck = new PasswordCheck(password.hash());
        LiveAdminSettings live = new LiveAdminSettings(settings, changes -> KeptSettingsFile.keep(files.settings(), changes));
        AdminApi api = new AdminApi(supervisor, uploads, OpenApiDocument.load(), started, live, new PasswordChange(files, passwordCheck, password));
        Console console = new Console(supervisor, passwordCheck, settings.consoleSessionTimeout(), live);
        AdminServer server = new AdminServer(host, port, files.directory().resolve("tomcat"), api.routes(), new PrometheusMetrics(supervisor, started),
                passwordCheck, hint, settings.maxUploadSize().bytes(), console);
        // Each part that uses a setting takes a change at once (PUT /api/settings, deploy-tool set-admin-settings).
        live.onChange(changed -> supervisor.apply(restartPolicy(changed), changed.retention()));
        live.onChange(changed -> validator.limits(new ArchiveValidator.Limits(changed.maxExpandedSize().bytes(), MAX_ARCHIVE_ENTRIES)));
        live.onChange(changed -> {
            uploads.maxUploadBytes(changed.maxUploadSize().bytes());
            server.maxUploadBytes(changed.maxUploadSize().bytes());
        });
        live.onChange(changed -> console.idleTimeout(changed.consoleSessionTimeout()));
        live.onChange(changed -> autoDeploy.interval(changed.autodeployInterval()));
        try {
            server.start();
        } catch (IllegalStateException e) {
            log.log(System.Logger.Level.ERROR, "cannot start: " + e.getMessage());
            return BAD_SETUP;
        }
        String url = "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + server.port() + "/";
        new AdminState(Isolate.current().id(), ProcessHandle.current().pid(), url, started, root.path().toString()).write(files);
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("admin-stop").unstarted(() -> {
            log.log(System.Logger.Level.INFO, "admin isolate exiting; the domains keep running");
            autoDeploy.close();
            supervisor.close();
            server.close();
            try {
                Files.deleteIfExists(files.state());
            } catch (IOException e) {
                log.log(System.Logger.Level.WARNING, "cannot remove " + files.state() + ": " + e.getMessage());
            }
        }));
        log.log(System.Logger.Level.INFO, "admin port listening at " + url + " (REST API under /api, metrics at /metrics)");
        supervisor.resumeAll();
        if (!settings.autodeployInterval().isZero()) {
            autoDeploy.start(settings.autodeployInterval());
        }
        log.log(System.Logger.Level.INFO, "admin isolate ready in " + Duration.between(started, Instant.now()).toMillis() + " ms");
        // What the start left in the old generation (Tomcat's and the API's set-up, the image's descriptors) goes now, and
        // its pages with it, rather than after the first idle minutes: one full collection of a small heap.
        ElasticYoungGeneration.shrinkToIdle();
        new CountDownLatch(1).await();
        return 0;
    }

    /** The supervisor's restart policy with the settings' restart limit. */
    private static RestartPolicy restartPolicy(AdminSettings settings) {
        return new RestartPolicy(RestartPolicy.DEFAULTS.initialDelay(), RestartPolicy.DEFAULTS.maxDelay(), settings.restartLimit(),
                RestartPolicy.DEFAULTS.window());
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new AdminMain()).execute(args));
    }
}
