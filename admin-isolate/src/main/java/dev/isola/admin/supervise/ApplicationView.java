package dev.isola.admin.supervise;

import java.time.Instant;
import java.util.List;

/**
 * An application of a domain as the API shows it.
 *
 * @param state    DEPLOYED (in every isolate that hosts applications), FAILED (an isolate could not
 *                 redeploy it at its start; see {@code problems}), or RECORDED (the domain does not run)
 * @param modules  one line per module, as the isolates report them
 * @param urls     where its web modules answer
 * @param problems what went wrong where, empty when nothing did
 * @param requests the HTTP requests its web modules answered since their deployment; null when the domain does not run
 *                 or the application has no web module
 */
public record ApplicationView(String name, String archive, long size, String sha256, Instant deployedAt, String state, List<String> modules,
                              List<String> urls, List<String> problems, ApplicationRequests requests) {
}
