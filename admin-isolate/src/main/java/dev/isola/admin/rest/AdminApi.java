package dev.isola.admin.rest;

import dev.isola.admin.AdminSettings;
import dev.isola.admin.LiveAdminSettings;
import dev.isola.admin.auth.PasswordChange;
import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.SparePool;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.mvm.isolate.Isolate;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The routes of the admin REST API: every operation, its handler, and nothing else (the
 * OpenAPI document describes exactly these; {@code /metrics} is a servlet of its own).
 */
public final class AdminApi {

    public static final String VERSION = "0.1.0";

    private final List<Route> routes;

    /**
     * @param settings       what the admin isolate runs with, for {@code GET /api/status} and {@code /api/settings}, which changes them
     * @param passwordChange changes the admin password, for {@code PUT /api/admin/password}
     */
    public AdminApi(Supervisor supervisor, Uploads uploads, OpenApiDocument openApi, Instant startedAt, LiveAdminSettings settings,
                    PasswordChange passwordChange) {
        DomainsResource domains = new DomainsResource(supervisor);
        ConfigurationResource configuration = new ConfigurationResource(supervisor);
        ApplicationsResource applications = new ApplicationsResource(supervisor, uploads);
        EventsResource events = new EventsResource(supervisor);
        JmsResource jms = new JmsResource(supervisor);
        DataSourcesResource dataSources = new DataSourcesResource(supervisor);
        LogsResource logs = new LogsResource(supervisor);
        AdminPasswordResource password = new AdminPasswordResource(passwordChange);
        ThreadDumpResource threadDumps = new ThreadDumpResource(supervisor);
        LogLevelsResource logLevels = new LogLevelsResource(supervisor);
        UsersResource users = new UsersResource(supervisor);
        BackupResource backups = new BackupResource(supervisor, uploads, () -> settings.current().maxExpandedSize().bytes());
        SettingsResource settingsResource = new SettingsResource(settings);
        this.routes = List.of(
                new Route("GET", "/api", r -> ApiResponse.ok(Map.of("version", VERSION, "openapi", "/api/openapi.yaml", "domains", "/api/domains",
                        "events", "/api/events", "status", "/api/status", "settings", "/api/settings", "metrics", "/metrics"))),
                new Route("GET", "/api/status", r -> ApiResponse.ok(status(supervisor, startedAt, settings.current()))),
                new Route("GET", "/api/settings", settingsResource::get),
                new Route("PUT", "/api/settings", settingsResource::change),
                new Route("PUT", "/api/admin/password", password::change),
                new Route("GET", "/api/openapi.yaml", r -> ApiResponse.ok(new ApiResponse.Text("application/yaml", openApi.yaml()))),
                new Route("GET", "/api/openapi.json", r -> ApiResponse.ok(openApi.tree())),
                new Route("GET", "/api/domains", domains::list),
                new Route("POST", "/api/domains", domains::create),
                new Route("POST", "/api/domains/restore", backups::restore),
                new Route("GET", "/api/domains/{domain}", domains::get),
                new Route("DELETE", "/api/domains/{domain}", domains::delete),
                new Route("POST", "/api/domains/{domain}/start", domains::start),
                new Route("POST", "/api/domains/{domain}/stop", domains::stop),
                new Route("POST", "/api/domains/{domain}/restart", domains::restart),
                new Route("GET", "/api/domains/{domain}/backup", backups::backup),
                new Route("GET", "/api/domains/{domain}/configuration", configuration::get),
                new Route("PUT", "/api/domains/{domain}/configuration", configuration::replace),
                new Route("GET", "/api/domains/{domain}/log-levels", logLevels::get),
                new Route("PUT", "/api/domains/{domain}/log-levels", logLevels::replace),
                new Route("GET", "/api/domains/{domain}/isolates", r -> ApiResponse.ok(supervisor.domain(r.path("domain")).isolates())),
                new Route("GET", "/api/domains/{domain}/isolates/{isolate}/thread-dump", threadDumps::dump),
                new Route("GET", "/api/domains/{domain}/applications", applications::list),
                new Route("POST", "/api/domains/{domain}/applications", applications::deploy),
                new Route("GET", "/api/domains/{domain}/applications/{application}", applications::get),
                new Route("PUT", "/api/domains/{domain}/applications/{application}", applications::replace),
                new Route("DELETE", "/api/domains/{domain}/applications/{application}", applications::undeploy),
                new Route("POST", "/api/domains/{domain}/applications/{application}/redeploy", applications::redeploy),
                new Route("GET", "/api/domains/{domain}/users", users::list),
                new Route("POST", "/api/domains/{domain}/users", users::create),
                new Route("GET", "/api/domains/{domain}/users/{user}", users::get),
                new Route("PUT", "/api/domains/{domain}/users/{user}", users::update),
                new Route("DELETE", "/api/domains/{domain}/users/{user}", users::delete),
                new Route("GET", "/api/domains/{domain}/events", events::ofDomain),
                new Route("GET", "/api/domains/{domain}/jms", jms::destinations),
                new Route("GET", "/api/domains/{domain}/jms/{destination}/messages", jms::messages),
                new Route("DELETE", "/api/domains/{domain}/jms/{destination}/messages", jms::purge),
                new Route("GET", "/api/domains/{domain}/jms/{destination}/subscriptions", jms::subscriptions),
                new Route("GET", "/api/domains/{domain}/jms/{destination}/subscriptions/{subscription}/messages", jms::subscriptionMessages),
                new Route("DELETE", "/api/domains/{domain}/jms/{destination}/subscriptions/{subscription}/messages", jms::purgeSubscription),
                new Route("GET", "/api/domains/{domain}/datasources", dataSources::list),
                new Route("POST", "/api/domains/{domain}/datasources/ping", dataSources::ping),
                new Route("GET", "/api/domains/{domain}/logs", logs::tail),
                new Route("GET", "/api/events", events::all));
    }

    public List<Route> routes() {
        return routes;
    }

    private static AdminStatus status(Supervisor supervisor, Instant startedAt, AdminSettings settings) {
        List<AdminStatus.DomainLine> lines = supervisor.all().stream().map(DomainRuntime::view)
                .map(v -> new AdminStatus.DomainLine(v.name(), v.mode(), v.state(), v.url(), v.isolates().size(), v.applications().size()))
                .toList();
        SparePool.Counts spares = supervisor.spares().counts();
        return new AdminStatus(VERSION, Isolate.current().id(), ProcessHandle.current().pid(), startedAt, supervisor.root().path().toString(), lines,
                new AdminStatus.Spares(spares.ready(), spares.warming(), spares.frozen(), spares.pids()),
                AdminStatus.Settings.of(settings));
    }
}
