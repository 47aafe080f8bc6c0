package dev.isola.admin.console;

import dev.isola.admin.LiveAdminSettings;
import dev.isola.admin.supervise.ApplicationView;
import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.DomainView;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.DomainNotFoundException;
import dev.isola.domains.config.DomainConfigJson;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The console's pages: the dashboard ({@code /console/}), a domain ({@code /console/domains/NAME},
 * with its {@link UsersSection}) and its JMS destinations ({@code /console/domains/NAME/jms}).
 * Each is rendered from the supervisor's views, the ones the REST API answers with; the script
 * then refreshes the live parts from the API's JSON and sends the buttons' and forms' actions to
 * the API.
 */
final class PagesServlet extends HttpServlet {

    private static final Pattern DOMAIN = Pattern.compile("/domains/([^/]+)(/jms)?");

    private final Supervisor supervisor;
    private final LiveAdminSettings settings;

    PagesServlet(Supervisor supervisor, LiveAdminSettings settings) {
        this.supervisor = supervisor;
        this.settings = settings;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        ConsoleSession session = ConsoleSession.loggedIn(request).orElseThrow();
        String path = request.getPathInfo() == null ? "/" : request.getPathInfo();
        if (path.equals("/")) {
            Pages.write(response, 200, Pages.document("Dashboard", "dashboard", session, null, dashboard()));
            return;
        }
        Matcher domain = DOMAIN.matcher(path);
        if (!domain.matches()) {
            Pages.refuse(response, 404, "There is no console page at " + request.getRequestURI() + ".");
            return;
        }
        DomainRuntime runtime;
        try {
            runtime = supervisor.domain(domain.group(1));
        } catch (DomainNotFoundException e) {
            Pages.refuse(response, 404, e.getMessage());
            return;
        }
        if (domain.group(2) == null) {
            Pages.write(response, 200, Pages.document("Domain " + runtime.name(), "domain", session, runtime.name(), domainPage(runtime)));
        } else {
            Pages.write(response, 200, Pages.document("JMS of " + runtime.name(), "jms", session, runtime.name(), jmsPage(runtime)));
        }
    }

    private Html.Raw dashboard() {
        List<Html.Raw> rows = new ArrayList<>();
        for (DomainRuntime domain : supervisor.all()) {
            rows.add(domainRow(domain.view()));
        }
        return Html.t("""
                <main>
                <h1>Dashboard</h1>
                <section>
                <h2>Domains</h2>
                <div class="scroll"><table id="domains">
                <thead><tr><th>Domain</th><th>Mode</th><th>State</th><th>URL</th><th>Isolates</th><th>Applications</th><th>Problem</th></tr></thead>
                <tbody>{}</tbody>
                </table></div>
                </section>
                <section>
                <h2>Isolates</h2>
                {}
                </section>
                <section>
                <h2>Memory footprint</h2>
                {}
                </section>
                <section>
                <h2>Create a domain</h2>
                <form id="create-domain" class="grid">
                <label>Name <input name="name" required pattern="[a-z][a-z0-9-]{0,29}" placeholder="shop"></label>
                <label>Mode <select name="mode"><option value="combined">combined</option><option value="separated">separated</option></select></label>
                <label>HTTP port <input name="httpPort" type="number" min="0" max="65535" placeholder="first free from 8080"></label>
                <label>Heap <input name="heap" placeholder="256m"></label>
                <label>Young generation <input name="youngGeneration" placeholder="4m"></label>
                <label class="check"><input name="start" type="checkbox" checked> Start it</label>
                <button type="submit">Create</button>
                </form>
                <p class="result" id="create-result" role="status"></p>
                </section>
                {}
                {}
                </main>""", Html.join(rows), isolatesTable(), footprint(), RestoreForm.markup(), AdminSettingsSection.of(settings.current()));
    }

    private static Html.Raw domainRow(DomainView d) {
        return Html.t("<tr data-domain=\"{}\"><td><a href=\"/console/domains/{}\">{}</a></td><td>{}</td><td><span class=\"state {}\">{}</span></td>"
                        + "<td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                d.name(), Html.path(d.name()), d.name(), d.mode(), d.state().toLowerCase(java.util.Locale.ROOT), d.state(),
                d.url().isEmpty() ? Html.raw("") : Html.t("<a href=\"{}\">{}</a>", d.url(), d.url()),
                d.isolates().size(), d.applications().size(), d.problem() == null ? "" : d.problem());
    }

    private static Html.Raw isolatesTable() {
        return Html.raw("""
                <div class="scroll"><table id="isolates">
                <thead><tr><th>Isolate</th><th>Domain</th><th>Role</th><th>PID</th><th>State</th><th>Uptime</th><th>Heap used / max</th>
                <th>Young gen</th><th>GCs</th><th>GC time</th><th>PSS</th><th>Classes from cache</th></tr></thead>
                <tbody><tr><td colspan="12" class="muted">Loading…</td></tr></tbody>
                </table></div>""");
    }

    private static Html.Raw footprint() {
        return Html.raw("""
                <p class="legend"><span class="key shared"></span> shared class metadata
                <span class="key heap"></span> private heap <span class="key other"></span> other (code, stacks, libraries, unused heap)</p>
                <div id="footprint" class="chart"></div>
                <p id="footprint-total" class="total"></p>""");
    }

    private Html.Raw domainPage(DomainRuntime runtime) {
        DomainView d = runtime.view();
        EditableConfiguration configuration = EditableConfiguration.of(runtime);
        List<Html.Raw> applications = new ArrayList<>();
        for (ApplicationView a : runtime.deployments().list()) {
            List<Html.Raw> links = new ArrayList<>();
            for (String url : a.urls()) {
                links.add(Html.t("<a class=\"app-url\" href=\"{}\">{}</a> ", url, url));
            }
            applications.add(Html.t("""
                    <tr data-application="{}"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class="requests">{}</td><td>{}</td>
                    <td class="actions"><button type="button" data-redeploy="{}">Redeploy</button>
                    <button type="button" class="danger" data-undeploy="{}">Undeploy</button></td></tr>""",
                    a.name(), a.name(), a.state(), String.join(", ", a.modules()), Html.join(links), a.requests() == null ? "–" : a.requests().summary(),
                    String.join("; ", a.problems()), a.name(), a.name()));
        }
        if (applications.isEmpty()) {
            applications.add(Html.raw("<tr><td colspan=\"7\" class=\"muted\">No application is deployed.</td></tr>"));
        }
        return Html.t("""
                <main>
                <h1>Domain {}</h1>
                <p class="summary"><span class="state {}" id="domain-state">{}</span> {} · port {} {}{}
                · <a href="/console/domains/{}/jms">JMS destinations</a></p>
                <p class="alert" id="domain-problem" role="alert"{}>{}</p>
                <div class="buttons">
                <button type="button" data-domain-action="start">Start</button>
                <button type="button" data-domain-action="stop">Stop</button>
                <button type="button" data-domain-action="restart">Restart</button>
                <button type="button" id="backup" title="a zip of the domain, stopped or running: configuration, applications, databases, JMS store">Download a backup</button>
                </div>
                <p class="result" id="action-result" role="status"></p>
                <section>
                <h2>Isolates</h2>
                {}
                {}
                </section>
                <section>
                <h2>Applications</h2>
                <div class="scroll"><table id="applications">
                <thead><tr><th>Name</th><th>State</th><th>Modules</th><th>URLs</th><th>Requests</th><th>Problems</th><th></th></tr></thead>
                <tbody>{}</tbody>
                </table></div>
                <form id="deploy" class="grid">
                <label>Archive (.ear, .war, .jar) <input type="file" name="archive" id="archive" accept=".ear,.war,.jar" required></label>
                <label>Name <input name="name" id="application-name" placeholder="from the file name"></label>
                <button type="submit">Deploy</button>
                <progress id="deploy-progress" max="100" value="0" hidden></progress>
                </form>
                <p class="result" id="deploy-result" role="status"></p>
                </section>
                {}
                {}
                {}
                <section>
                <h2>Configuration</h2>
                <p class="pending" id="configuration-pending"{}>A changed configuration waits for the domain's next start: restart it to apply the change.</p>
                <p class="alert" id="configuration-problem"{}>{}</p>
                <form id="configure">
                <label><span>What the domain starts with next (<code>config/domain.json</code>)</span>
                <textarea name="configuration" id="configuration" rows="18" spellcheck="false">{}</textarea></label>
                <p class="hint">A running domain keeps its configuration until it is restarted, but for its log levels (<code>logLevels</code>),
                which its isolates take at once; a stopped one starts with the new one.</p>
                <button type="submit">Save configuration</button>
                </form>
                <p class="result" id="configure-result" role="status"></p>
                </section>
                <section>
                <h2>Recent events</h2>
                <div class="scroll"><table id="events">
                <thead><tr><th>When</th><th>Isolate</th><th>Event</th><th>Message</th></tr></thead>
                <tbody><tr><td colspan="4" class="muted">Loading…</td></tr></tbody>
                </table></div>
                </section>
                <section>
                <h2>Logs</h2>
                <div id="logs"><p class="muted">Loading…</p></div>
                </section>
                </main>""",
                d.name(), d.state().toLowerCase(java.util.Locale.ROOT), d.state(), d.mode(), d.httpPort(),
                d.url().isEmpty() ? Html.raw("") : Html.t("· <a href=\"{}\">{}</a>", d.url(), d.url()),
                d.httpsUrl().isEmpty() ? Html.raw("") : Html.t(" · <a href=\"{}\">{}</a>", d.httpsUrl(), d.httpsUrl()),
                Html.path(d.name()), d.problem() == null || d.problem().isEmpty() ? Html.raw(" hidden") : Html.raw(""),
                d.problem() == null ? "" : d.problem(), isolatesTable(), footprint(), Html.join(applications), DataSourcesSection.markup(),
                UsersSection.of(runtime), LogLevelsSection.of(runtime),
                d.configurationPending() ? Html.raw("") : Html.raw(" hidden"), configuration.problem().isEmpty() ? Html.raw(" hidden") : Html.raw(""),
                configuration.problem(), configuration.text());
    }

    /** The configuration the page offers to edit, and why it is not the waiting one (a hand-edited file that does not read). */
    private record EditableConfiguration(String text, String problem) {
        static EditableConfiguration of(DomainRuntime runtime) {
            try {
                return new EditableConfiguration(DomainConfigJson.toText(runtime.nextConfiguration()), "");
            } catch (RuntimeException e) {
                return new EditableConfiguration(DomainConfigJson.toText(runtime.config()), "The configuration waiting for the next start"
                        + " does not read (" + e.getMessage() + "); shown is the current one, and saving replaces the waiting one.");
            }
        }
    }

    private static Html.Raw jmsPage(DomainRuntime runtime) {
        return Html.t("""
                <main>
                <h1>JMS destinations of {}</h1>
                <p><a href="/console/domains/{}">Back to domain {}</a></p>
                <p class="muted">Purge removes every message waiting in a queue, for good (also from the store); messages in flight
                (delivered, not yet acknowledged) stay with their consumers.</p>
                <p class="result" id="jms-result" role="status"></p>
                <div class="scroll"><table id="jms">
                <thead><tr><th>Destination</th><th>Type</th><th>Isolate</th><th>Depth</th><th>In flight</th><th>Consumers</th>
                <th>Enqueued</th><th>Acknowledged</th><th>Expired</th><th>Dead-lettered</th><th></th></tr></thead>
                <tbody><tr><td colspan="11" class="muted">Loading…</td></tr></tbody>
                </table></div>
                <h2>Durable subscriptions</h2>
                <p class="muted">A topic's messages wait in its subscriptions; a durable one keeps them while no consumer is open. Purge
                removes the messages waiting in one, for good; the subscription stays and gets what is published next.</p>
                <div class="scroll"><table id="jms-subscriptions">
                <thead><tr><th>Topic</th><th>Subscription</th><th>Client id</th><th>Shared</th><th>Waiting</th><th>In flight</th>
                <th>Consumers</th><th></th></tr></thead>
                <tbody><tr><td colspan="8" class="muted">Loading…</td></tr></tbody>
                </table></div>
                </main>""", runtime.name(), Html.path(runtime.name()), runtime.name());
    }
}
