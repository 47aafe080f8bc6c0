package dev.isola.appserver.jdbc;

import dev.isola.mvm.io.DirectoryTrees;
import dev.isola.mvm.io.Sha256;
import org.apache.derby.jdbc.EmbeddedDataSource;
import org.apache.derby.tools.sysinfo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * New embedded Derby databases made by copying an empty one: the first time a server of the
 * installation needs a database of a kind, Derby creates an empty one under the templates
 * directory (a domain's: {@code .cache/derby/} of its domains root); every later new database of
 * that kind is a copy of it, which Derby then opens as an existing database.
 *
 * <p>Why: Derby writes its system catalogs into every database it creates, about 150 ms per
 * database in a JVM that has just started (and 500 ms for the first, which also boots the
 * engine), where opening a copied one takes 30 ms. A new domain creates two (the JMS store and
 * the default datasource), on the path to its first page.
 *
 * <p>What makes databases of one kind: the Derby version and what Derby fixes at creation time,
 * which is all a template is keyed by: the connection attributes {@code territory} and
 * {@code collation}, the user (who becomes the database owner) and the JVM's {@code derby.*}
 * system properties. Any other creation attribute ({@code dataEncryption}, {@code bootPassword},
 * {@code logDevice}, {@code createFrom}, …) or data source property, and an in-memory database,
 * get no template: Derby creates those itself, as it would without this class. So does any
 * database whose template cannot be made or copied (logged): a template only ever saves time.
 *
 * <p>Nothing is left half-made: a template and a copy are each built beside their place and
 * moved there in one step; servers racing for the same template or database keep the first and
 * delete theirs. A template lists its files and their sizes ({@code files.txt}); a copy that does
 * not match the list (a template damaged on disk) is thrown away with the template, Derby creates
 * the database, and the next new database of the kind makes the template again.
 */
public final class DerbyDatabaseTemplates {

    private static final System.Logger LOG = System.getLogger(DerbyDatabaseTemplates.class.getName());

    /** Connection attributes a template may be made with; any other means Derby creates the database itself. */
    private static final Set<String> TEMPLATE_ATTRIBUTES = Set.of("create", "territory", "collation");
    /** Data source properties a template may be made with (the database's name and the creation request aside). */
    private static final Set<String> TEMPLATE_PROPERTIES = Set.of("databaseName", "createDatabase", "connectionAttributes", "user", "password");
    /** System properties that only say where Derby logs or lives, not what a database it creates holds. */
    private static final Set<String> IRRELEVANT_SYSTEM_PROPERTIES = Set.of("derby.system.home", "derby.stream.error.file",
            "derby.stream.error.field", "derby.stream.error.method", "derby.infolog.append", "derby.stream.error.logSeverityLevel");
    private static final String DATABASE = "database";
    private static final String FILES = "files.txt";

    private final Path root;

    /** @param root the installation's templates directory; created when the first template is made */
    public DerbyDatabaseTemplates(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /**
     * Makes {@code database} a copy of the empty template of its kind, if it does not exist yet
     * and its kind can have a template.
     *
     * @param database   the database directory an embedded data source is about to open, creating it if missing
     * @param properties the data source's properties: {@code connectionAttributes}, {@code user}, …
     * @return whether {@code database} is now a copy of a template; if not, Derby creates it as usual
     */
    public boolean provide(Path database, Map<String, ?> properties) {
        if (database.toString().startsWith("memory:") || Files.exists(database)) {
            return false;
        }
        Object given = properties.get("connectionAttributes");
        String attributes = given == null ? "" : given.toString();
        Object user = properties.get("user");
        if (!TEMPLATE_PROPERTIES.containsAll(properties.keySet()) || !onlyTemplateAttributes(attributes)) {
            return false;
        }
        String description = description(attributes, user == null ? "" : user.toString());
        Path template = root.resolve(Sha256.of(description.getBytes(StandardCharsets.UTF_8)).substring(0, 16));
        try {
            if (!Files.isRegularFile(template.resolve(FILES))) {
                make(template, description, attributes, user == null ? null : user.toString());
            }
            copy(template, database);
            return true;
        } catch (IOException | SQLException | UncheckedIOException e) {
            LOG.log(System.Logger.Level.WARNING, "the Derby database " + database + " is created by Derby, not copied from a template: "
                    + e.getMessage());
            return false;
        }
    }

    private static boolean onlyTemplateAttributes(String attributes) {
        for (String attribute : attributes.split(";")) {
            if (attribute.isBlank()) {
                continue;
            }
            int eq = attribute.indexOf('=');
            String name = (eq < 0 ? attribute : attribute.substring(0, eq)).trim();
            if (!TEMPLATE_ATTRIBUTES.contains(name)) {
                return false;
            }
        }
        return true;
    }

    /** What decides a database's kind, one fact a line; stored beside the template for people to read. */
    private static String description(String attributes, String user) {
        StringBuilder text = new StringBuilder();
        text.append("derby ").append(sysinfo.getVersionString()).append('\n');
        Map<String, String> sorted = new TreeMap<>();
        for (String attribute : attributes.split(";")) {
            int eq = attribute.indexOf('=');
            if (eq > 0 && !attribute.substring(0, eq).trim().equals("create")) {
                sorted.put(attribute.substring(0, eq).trim(), attribute.substring(eq + 1).trim());
            }
        }
        sorted.forEach((name, value) -> text.append("attribute ").append(name).append('=').append(value).append('\n'));
        text.append("user ").append(user).append('\n');
        new TreeMap<>(System.getProperties()).forEach((name, value) -> {
            String key = name.toString();
            if (key.startsWith("derby.") && !IRRELEVANT_SYSTEM_PROPERTIES.contains(key)) {
                text.append("system-property ").append(key).append('=').append(value).append('\n');
            }
        });
        return text.toString();
    }

    private void make(Path template, String description, String attributes, String user) throws IOException, SQLException {
        Files.createDirectories(root);
        Path building = Files.createTempDirectory(root, ".building-");
        try {
            Path database = building.resolve(DATABASE);
            EmbeddedDataSource source = new EmbeddedDataSource();
            source.setDatabaseName(database.toString());
            source.setCreateDatabase("create");
            source.setConnectionAttributes(attributes);
            if (user != null) {
                source.setUser(user);
            }
            source.getConnection().close();
            EmbeddedDerbyShutdown.shutdown(database); // complete on disk, and no longer held by this JVM
            Files.writeString(building.resolve("template.txt"), description, StandardCharsets.UTF_8);
            Files.writeString(building.resolve(FILES), listing(database), StandardCharsets.UTF_8);
            try {
                Files.move(building, template, StandardCopyOption.ATOMIC_MOVE);
                LOG.log(System.Logger.Level.INFO, "made the Derby database template " + template);
            } catch (IOException e) {
                // Another server was first (Linux reports a rename onto its template as "Directory not empty"): its template is as good.
                if (!Files.isRegularFile(template.resolve(FILES))) {
                    throw e;
                }
            }
        } finally {
            if (Files.exists(building)) {
                DirectoryTrees.delete(building);
            }
        }
    }

    /** Copies the template's database to {@code database}, checking every file against the template's list. */
    private static void copy(Path template, Path database) throws IOException {
        Path source = template.resolve(DATABASE);
        Path parent = database.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path building = Files.createTempDirectory(parent, "." + database.getFileName() + ".copying-");
        try {
            Map<String, Long> expected = new TreeMap<>();
            for (String line : Files.readAllLines(template.resolve(FILES), StandardCharsets.UTF_8)) {
                int space = line.indexOf(' ');
                expected.put(line.substring(space + 1), Long.parseLong(line.substring(0, space)));
            }
            Map<String, Long> copied = new TreeMap<>();
            try (Stream<Path> files = Files.walk(source)) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    Path target = building.resolve(source.relativize(file).toString());
                    if (Files.isDirectory(file)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
                        copied.put(source.relativize(file).toString(), Files.size(target));
                    }
                }
            }
            if (!copied.equals(expected)) {
                DirectoryTrees.delete(template);
                throw new IOException("the template " + template + " does not hold the files it lists (damaged on disk?); removed");
            }
            try {
                Files.move(building, database, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                // The database appeared meanwhile: Derby opens that one.
                if (!Files.exists(database)) {
                    throw e;
                }
            }
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            DirectoryTrees.delete(template);
            throw new IOException("the template " + template + " has an unreadable " + FILES + "; removed", e);
        } finally {
            if (Files.exists(building)) {
                DirectoryTrees.delete(building);
            }
        }
    }

    /** Every file of {@code database} with its size, one {@code <size> <relative path>} a line. */
    private static String listing(Path database) throws IOException {
        StringBuilder text = new StringBuilder();
        try (Stream<Path> files = Files.walk(database)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                text.append(Files.size(file)).append(' ').append(database.relativize(file)).append('\n');
            }
        }
        return text.toString();
    }
}
