package dev.isola.admin;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The settings the admin isolate runs with ({@link AdminSettings}), changed while it runs, as
 * GlassFish's {@code asadmin set} changes a running domain: a change is checked whole, handed to
 * every part that uses a setting (supervision, uploads, the console, autodeploy), and kept for
 * the next start in the file {@code bin/appserver start} reads, so that the admin isolate comes
 * back the same. A change that is refused changes nothing.
 */
public final class LiveAdminSettings {

    private static final System.Logger LOG = System.getLogger(LiveAdminSettings.class.getName());

    /** Where a change is kept for the next start: a setting name and its value. */
    public interface KeptSettings {
        void keep(Map<String, String> changes);
    }

    private final KeptSettings kept;
    private final List<Consumer<AdminSettings>> users = new CopyOnWriteArrayList<>();
    private volatile AdminSettings current;

    public LiveAdminSettings(AdminSettings initial, KeptSettings kept) {
        this.current = initial;
        this.kept = kept;
    }

    public AdminSettings current() {
        return current;
    }

    /** Registers a part that uses the settings: it is handed every change. */
    public void onChange(Consumer<AdminSettings> user) {
        users.add(user);
    }

    /**
     * Makes {@code changes} (setting name to value, as {@link AdminSettings#with}) take effect now and at every later start.
     *
     * @return the settings now
     * @throws IllegalArgumentException naming the setting refused; nothing changed
     */
    public synchronized AdminSettings change(Map<String, String> changes) {
        if (changes.isEmpty()) {
            throw new IllegalArgumentException("no setting to change; the settings: " + String.join(", ", AdminSettings.NAMES));
        }
        AdminSettings next = current.with(changes);
        // Kept first: a change the next start would not take is not made now either.
        kept.keep(changes);
        current = next;
        users.forEach(user -> user.accept(next));
        LOG.log(System.Logger.Level.INFO, "settings changed: " + changes + "; now " + String.join(" ", next.arguments()));
        return next;
    }
}
