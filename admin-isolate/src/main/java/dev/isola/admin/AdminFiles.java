package dev.isola.admin;

import dev.isola.domains.DomainsRoot;

import java.nio.file.Path;

/**
 * The admin isolate's own files, in {@code <domains root>/.admin/} (a name no domain can have):
 *
 * <pre>
 *   admin.log          its log, one line per event
 *   admin.json         where it listens and which process it is, while it runs
 *   password.bcrypt    the admin password's salted hash (never the password)
 *   admin-password     the generated password, for local tools such as deploy-tool;
 *                      only written when the password was generated; readable by its owner only
 * </pre>
 */
public record AdminFiles(Path directory) {

    public static AdminFiles of(DomainsRoot root) {
        return new AdminFiles(root.adminDirectory());
    }

    public Path log() { return directory.resolve("admin.log"); }

    public Path state() { return directory.resolve("admin.json"); }

    public Path passwordHash() { return directory.resolve("password.bcrypt"); }

    public Path generatedPassword() { return directory.resolve("admin-password"); }

    public Path settings() { return directory.resolve("settings.properties"); }
}
