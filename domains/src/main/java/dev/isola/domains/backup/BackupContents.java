package dev.isola.domains.backup;

import java.util.List;

/**
 * What a domain backup holds, as paths relative to the domain's directory with {@code /}
 * between their parts: everything a domain is made of and cannot make again.
 *
 * <ul>
 *   <li>kept: {@code config/} (the configuration, the applications' list, a self-signed or own key
 *       store), the archives in {@code applications/}, {@code data/} (the Derby databases and the
 *       JMS store), and any other file of the domain's (a key store of its own beside
 *       {@code config/});</li>
 *   <li>left out: {@code config/state.json} (a restored domain is started when asked, not because
 *       the original ran), {@code logs/} (history, not state), {@code autodeploy/} (a drop-in
 *       folder: what was deployed from it is among the archives), and what isolates unpacked
 *       under {@code applications/} (made again from the archives at the next start).</li>
 * </ul>
 *
 * The same rule decides what a restore accepts, so that a backup cannot bring back a file a
 * backup would not have written.
 */
public final class BackupContents {

    /** The backup's own description, the archive's first entry. */
    public static final String MANIFEST = "isola-backup.json";
    /** The version of the layout; a restore refuses another. */
    public static final int FORMAT = 1;

    private static final List<String> LEFT_OUT_DIRECTORIES = List.of("logs/", "autodeploy/");
    private static final String STATE_FILE = "config/state.json";
    private static final String APPLICATIONS = "applications/";

    private BackupContents() {
    }

    /** Whether a backup holds the file at {@code relative} (a path inside the domain directory, {@code /}-separated). */
    public static boolean holds(String relative) {
        if (relative.equals(STATE_FILE) || relative.equals(MANIFEST)) {
            return false;
        }
        for (String left : LEFT_OUT_DIRECTORIES) {
            if (relative.startsWith(left)) {
                return false;
            }
        }
        if (relative.startsWith(APPLICATIONS)) {
            // Only the archives themselves, directly in applications/: the directories beside them are unpacked copies.
            String name = relative.substring(APPLICATIONS.length());
            return !name.contains("/") && name.matches("(?i).+\\.(ear|war|jar|rar)");
        }
        return true;
    }
}
