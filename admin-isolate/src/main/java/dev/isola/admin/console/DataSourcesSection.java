package dev.isola.admin.console;

/**
 * The Datasources section of a domain's page: each datasource of each isolate with its pool
 * (filled and kept fresh by the script from {@code GET /api/domains/{domain}/datasources}), and a
 * Ping button per datasource, which asks {@code POST .../datasources/ping} whether its database
 * answers now and shows the answer under the table.
 */
final class DataSourcesSection {

    private DataSourcesSection() {
    }

    static Html.Raw markup() {
        return Html.raw("""
                <section>
                <h2>Datasources</h2>
                <p class="hint">The default datasource, those of the configuration and those the applications define, with their pools.
                Ping connects to a datasource's database afresh, beside the pool, and says whether it answers.</p>
                <div class="scroll"><table id="datasources">
                <thead><tr><th>Name</th><th>Application</th><th>Isolate</th><th>State</th><th>Active</th><th>Idle</th><th>Waiting</th>
                <th>Max</th><th>Database</th><th></th></tr></thead>
                <tbody><tr><td colspan="10" class="muted">Loading…</td></tr></tbody>
                </table></div>
                <p class="result" id="datasources-result" role="status"></p>
                </section>""");
    }
}
