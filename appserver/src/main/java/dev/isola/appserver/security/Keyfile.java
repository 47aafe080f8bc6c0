package dev.isola.appserver.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The users of a domain's applications: the file realm, kept in the domain's
 * {@code config/keyfile} as GlassFish keeps its file realm, a line per user:
 *
 * <pre>
 *   # user;bcrypt hash;groups
 *   alice;$2b$10$…;customers,staff
 * </pre>
 *
 * The admin isolate writes it (whole, through a temporary file and a rename, so a reader never
 * sees half of it); the web isolate of the domain reads it again whenever it has changed, so
 * users and passwords take effect without a restart. A missing file is a realm without users.
 * Instances are immutable: {@link #with} and {@link #without} return new ones.
 */
public final class Keyfile {

    private static final String HEADER = "# The users of this domain's applications: user;bcrypt hash of the password;groups (each group is a role).\n"
            + "# Written by the admin isolate (deploy-tool create-user, update-user, delete-user); edits by hand are read too.\n";

    private final Map<String, RealmUser> users;

    private Keyfile(Map<String, RealmUser> users) {
        this.users = users;
    }

    /** A realm without users. */
    public static Keyfile empty() {
        return new Keyfile(Map.of());
    }

    /**
     * Reads {@code file}; a missing file is {@link #empty()}.
     *
     * @throws InvalidKeyfileException naming the line at fault
     * @throws IOException             if the file cannot be read
     */
    public static Keyfile read(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return empty();
        }
        return parse(text, file.toString());
    }

    static Keyfile parse(String text, String source) {
        Map<String, RealmUser> users = new LinkedHashMap<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split(";", -1);
            if (fields.length != 3) {
                throw new InvalidKeyfileException(source, i + 1, "a line is user;password hash;groups (three fields separated by ;), this one has "
                        + fields.length);
            }
            List<String> groups = fields[2].isBlank() ? List.of() : Arrays.stream(fields[2].split(",")).map(String::strip).toList();
            RealmUser user;
            try {
                user = new RealmUser(fields[0].strip(), fields[1].strip(), groups);
            } catch (IllegalArgumentException e) {
                throw new InvalidKeyfileException(source, i + 1, e.getMessage());
            }
            if (users.putIfAbsent(user.name(), user) != null) {
                throw new InvalidKeyfileException(source, i + 1, "user " + user.name() + " is there twice");
            }
        }
        return new Keyfile(users);
    }

    /** The users, in the order of the file. */
    public Collection<RealmUser> users() {
        return List.copyOf(users.values());
    }

    public Optional<RealmUser> user(String name) {
        return Optional.ofNullable(users.get(name));
    }

    /** This realm with {@code user} added, or replacing the user of the same name. */
    public Keyfile with(RealmUser user) {
        Map<String, RealmUser> copy = new LinkedHashMap<>(users);
        copy.put(user.name(), user);
        return new Keyfile(copy);
    }

    /** This realm without the user {@code name} (the same realm if there is none). */
    public Keyfile without(String name) {
        Map<String, RealmUser> copy = new LinkedHashMap<>(users);
        copy.remove(name);
        return new Keyfile(copy);
    }

    /** The file's text. */
    public String text() {
        StringBuilder out = new StringBuilder(HEADER);
        for (RealmUser u : users.values()) {
            out.append(u.name()).append(';').append(u.passwordHash()).append(';').append(String.join(",", u.groups())).append('\n');
        }
        return out.toString();
    }

    /**
     * Writes this realm to {@code file}, replacing what was there at once (readers see the old
     * file or the new one). The file is readable by its owner only: it holds password hashes.
     */
    public void write(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Path temporary = file.resolveSibling(file.getFileName() + ".new");
        Files.writeString(temporary, text(), StandardCharsets.UTF_8);
        try {
            Files.setPosixFilePermissions(temporary, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: its defaults apply
        }
        try {
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Keyfile k && new ArrayList<>(k.users.values()).equals(new ArrayList<>(users.values()));
    }

    @Override
    public int hashCode() {
        return users.hashCode();
    }
}
