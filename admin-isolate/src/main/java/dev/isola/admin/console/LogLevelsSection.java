package dev.isola.admin.console;

import dev.isola.admin.supervise.DomainRuntime;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Log levels section of a domain's page: the loggers whose level is not the default, each
 * with a Reset button, and a form to set one, all through {@code PUT /api/domains/{domain}/log-levels},
 * which the running isolates take at once. The script sends the whole set each time (the API's
 * form), from the rows the page was rendered with.
 */
final class LogLevelsSection {

    /** The levels offered, as the API takes them (java.util.logging's names; FINE is debug). */
    private static final List<String> LEVELS = List.of("SEVERE", "WARNING", "INFO", "CONFIG", "FINE", "FINER", "FINEST", "OFF", "ALL");

    private LogLevelsSection() {
    }

    static Html.Raw of(DomainRuntime runtime) {
        Map<String, String> levels;
        try {
            levels = runtime.nextConfiguration().logLevels().asText();
        } catch (RuntimeException unreadable) {
            // A waiting configuration edited by hand into one that does not read: the Configuration section says so.
            levels = runtime.config().logLevels().asText();
        }
        List<Html.Raw> rows = new ArrayList<>();
        levels.forEach((logger, level) -> rows.add(Html.t("""
                <tr data-logger="{}" data-level="{}"><td><code>{}</code></td><td>{}</td>
                <td class="actions"><button type="button" data-reset-logger="{}">Reset</button></td></tr>""",
                logger, level, logger, level, logger)));
        if (rows.isEmpty()) {
            rows.add(Html.raw("<tr><td colspan=\"3\" class=\"muted\">Every logger is at its default level (root: INFO).</td></tr>"));
        }
        List<Html.Raw> options = new ArrayList<>();
        for (String level : LEVELS) {
            options.add(Html.t("<option value=\"{}\"{}>{}</option>", level, level.equals("FINE") ? Html.raw(" selected") : Html.raw(""), level));
        }
        return Html.t("""
                <section>
                <h2>Log levels</h2>
                <p class="hint">Loggers whose level is not the default. A change is taken by the running isolates at once, without a restart,
                and kept for their next starts.</p>
                <div class="scroll"><table id="log-levels">
                <thead><tr><th>Logger</th><th>Level</th><th></th></tr></thead>
                <tbody>{}</tbody>
                </table></div>
                <form id="set-log-level" class="grid">
                <label>Logger <input name="logger" required autocomplete="off" placeholder="org.apache.catalina.core (root for the root logger)"></label>
                <label>Level <select name="level">{}</select></label>
                <button type="submit">Set level</button>
                </form>
                <p class="result" id="log-levels-result" role="status"></p>
                </section>""", Html.join(rows), Html.join(options));
    }
}
