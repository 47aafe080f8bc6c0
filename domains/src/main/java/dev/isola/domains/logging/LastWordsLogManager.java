package dev.isola.domains.logging;

import java.util.logging.LogManager;

/**
 * A log manager whose configuration nobody but its owner takes apart. The JDK's own is reset
 * (every handler closed, every level forgotten) by two callers that would silence an isolate:
 * <ul>
 *   <li>the JDK, in a shutdown hook of its own that runs at the same time as the hooks that
 *       undeploy applications and stop sub-servers, so their last lines were lost;</li>
 *   <li>embedded Tomcat, whenever a web application stops: it takes any log manager that is not
 *       the JDK's for its own per-application one, which needs a reset to let go of the
 *       application's loggers.</li>
 * </ul>
 * So {@link #reset()} does nothing here: the handlers the process installed
 * ({@link ProcessLogging}) stay, file handlers flush every record, and nothing is lost when the
 * process ends. The isolate runtime's own logger (which learns the exit status) keeps its
 * configuration too.
 *
 * <p>Selected with {@code -Djava.util.logging.manager=dev.isola.domains.logging.LastWordsLogManager},
 * which the specs of domain and admin isolates set.
 */
public final class LastWordsLogManager extends LogManager {

    public static final String PROPERTY = "java.util.logging.manager";

    @Override
    public void reset() {
        // Deliberately nothing: see the class comment.
    }
}
