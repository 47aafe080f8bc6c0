package dev.isola.admin.supervise;

import dev.isola.domains.control.MemberMetrics;
import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The HTTP requests an application's web modules have answered since their deployment, summed
 * over the modules (and over the isolates, should more than one serve it): what the console and
 * {@code list-applications} show beside the application, the same counters {@code /metrics}
 * gives Prometheus per module.
 *
 * @param total        responses, whatever their status
 * @param clientErrors responses with a 4xx status
 * @param serverErrors responses with a 5xx status
 * @param meanMillis   the mean time from a request reaching the module to its response, 0 without requests
 * @param active       requests being answered
 */
public record ApplicationRequests(long total, long clientErrors, long serverErrors, double meanMillis, long active) {

    /** {@code application}'s requests in the isolates' figures; empty when none of them serves a web module of it. */
    static Optional<ApplicationRequests> of(String application, Collection<MemberMetrics> members) {
        long total = 0;
        long clientErrors = 0;
        long serverErrors = 0;
        double seconds = 0;
        long active = 0;
        boolean served = false;
        for (MemberMetrics member : members) {
            for (MemberMetrics.WebModuleMetrics module : member.webModules()) {
                if (module.application().equals(application)) {
                    served = true;
                    total += module.requests();
                    clientErrors += module.withStatusClass(4);
                    serverErrors += module.withStatusClass(5);
                    seconds += module.durationSeconds();
                    active += module.active();
                }
            }
        }
        return served ? Optional.of(new ApplicationRequests(total, clientErrors, serverErrors, total == 0 ? 0 : seconds * 1000 / total, active))
                : Optional.empty();
    }

    /** In one line, as the console shows it: how many, the errors if there are any, the mean time once there is one. */
    public String summary() {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%,d", total));
        if (serverErrors > 0) {
            line.append(String.format(Locale.ROOT, " · %,d server error%s", serverErrors, serverErrors == 1 ? "" : "s"));
        }
        if (clientErrors > 0) {
            line.append(String.format(Locale.ROOT, " · %,d client error%s", clientErrors, clientErrors == 1 ? "" : "s"));
        }
        if (total > 0) {
            line.append(String.format(Locale.ROOT, " · mean %.0f ms", meanMillis));
        }
        return line.toString();
    }
}
