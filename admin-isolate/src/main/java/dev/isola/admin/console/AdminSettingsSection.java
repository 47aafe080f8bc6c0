package dev.isola.admin.console;

import dev.isola.admin.AdminSettings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The dashboard's Server settings section: what the admin isolate runs with, each setting an
 * input named as its option of {@code bin/appserver start}, saved through {@code PUT /api/settings},
 * which takes a change at once and keeps it for the next start. The script sends only the
 * settings whose input differs from the value the page was rendered with.
 */
final class AdminSettingsSection {

    /** What each setting is, for its label's title. */
    private static final Map<String, String> MEANING = Map.of(
            "restart-limit", "restarts of a domain within 10 minutes before it is marked FAILED; 0: never restarted",
            "max-upload-size", "the largest archive an upload may be, e.g. 256m",
            "max-expanded-size", "the most an uploaded archive may expand to, e.g. 1g",
            "console-session-timeout", "minutes a console session lives without a request (new sessions)",
            "keep-ended-isolates", "days the directory of an isolate that ended stays",
            "event-journal-size", "size past which a domain's event journal starts a new file, 64k to 1g",
            "autodeploy-interval", "seconds between looks at the autodeploy directories; 0: never");

    private AdminSettingsSection() {
    }

    static Html.Raw of(AdminSettings settings) {
        List<Html.Raw> inputs = new ArrayList<>();
        settings.asOptions().forEach((name, value) -> inputs.add(Html.t(
                "<label title=\"{}\">{} <input name=\"{}\" value=\"{}\" data-was=\"{}\" required autocomplete=\"off\"></label>",
                MEANING.getOrDefault(name, ""), name, name, value, value)));
        return Html.t("""
                <section>
                <h2>Server settings</h2>
                <p class="hint">What the admin isolate runs with. A change is taken at once and kept for its next start
                (<code>settings.properties</code>); where it listens and its spares are options of <code>bin/appserver start</code>.</p>
                <form id="admin-settings" class="grid">
                {}
                <button type="submit">Save settings</button>
                </form>
                <p class="result" id="admin-settings-result" role="status"></p>
                </section>""", Html.join(inputs));
    }
}
