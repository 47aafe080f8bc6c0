package dev.isola.appserver.persistence;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.deploy.Xml;
import jakarta.persistence.SharedCacheMode;
import jakarta.persistence.ValidationMode;
import jakarta.persistence.spi.PersistenceUnitTransactionType;
import org.w3c.dom.Element;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.zip.ZipFile;

/**
 * Reads the persistence units of a persistence unit root (a directory or a JAR): its
 * {@code META-INF/persistence.xml}, any version from 2.0 to 3.2 (their elements are the same
 * for what a container reads). A malformed file, a unit without a name, an unknown transaction
 * type or cache or validation mode fail the deployment, naming the file and the unit.
 */
public final class PersistenceXml {

    static final String FILE = "META-INF/persistence.xml";

    private PersistenceXml() {
    }

    /** Whether {@code root} has a {@code META-INF/persistence.xml}. */
    public static boolean present(Path root) {
        if (Files.isDirectory(root)) {
            return Files.isRegularFile(root.resolve(FILE));
        }
        try (ZipFile jar = new ZipFile(root.toFile())) {
            return jar.getEntry(FILE) != null;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The units of {@code root}; none when it has no {@code persistence.xml}.
     *
     * @param rootName    how messages and {@code path#unit} references name the root
     * @param jarFileBase what its units' {@code <jar-file>}s are relative to, see {@link UnitDescriptor}
     */
    public static List<UnitDescriptor> read(Path root, String rootName, Path jarFileBase, DeploymentException.Location at) {
        if (Files.isDirectory(root)) {
            Path file = root.resolve(FILE);
            return Files.isRegularFile(file) ? units(Xml.parse(file, at), root, rootName, jarFileBase, at) : List.of();
        }
        try (FileSystem jar = FileSystems.newFileSystem(root)) {
            Path file = jar.getPath(FILE);
            return Files.isRegularFile(file) ? units(Xml.parse(file, at), root, rootName, jarFileBase, at) : List.of();
        } catch (IOException e) {
            throw at.error("cannot read " + rootName + ": " + e.getMessage(), e);
        }
    }

    private static List<UnitDescriptor> units(Element persistence, Path root, String rootName, Path jarFileBase, DeploymentException.Location at) {
        String where = rootName + "/" + FILE;
        if (!Xml.localName(persistence).equals("persistence")) {
            throw at.error(where + ": the root element is <" + Xml.localName(persistence) + ">, not <persistence>");
        }
        String version = persistence.getAttribute("version");
        List<UnitDescriptor> units = new ArrayList<>();
        for (Element unit : Xml.children(persistence, "persistence-unit")) {
            String name = unit.getAttribute("name").trim();
            if (name.isEmpty()) {
                throw at.error(where + ": a <persistence-unit> has no name");
            }
            DeploymentException.Location here = at.atMember("persistence unit " + name + " of " + where);
            if (units.stream().anyMatch(u -> u.name().equals(name))) {
                throw here.error("the unit is defined twice in the file");
            }
            Map<String, String> properties = new LinkedHashMap<>();
            Xml.child(unit, "properties").ifPresent(p -> {
                for (Element property : Xml.children(p, "property")) {
                    String key = property.getAttribute("name").trim();
                    if (key.isEmpty()) {
                        throw here.error("a <property> has no name");
                    }
                    properties.put(key, property.getAttribute("value"));
                }
            });
            units.add(new UnitDescriptor(name, root, rootName, jarFileBase,
                    enumValue(PersistenceUnitTransactionType.class, unit.getAttribute("transaction-type"), "transaction-type",
                            PersistenceUnitTransactionType.JTA, here),
                    Xml.text(unit, "provider").orElse(""),
                    Xml.text(unit, "jta-data-source").orElse(""),
                    Xml.text(unit, "non-jta-data-source").orElse(""),
                    texts(unit, "mapping-file"), texts(unit, "jar-file"), texts(unit, "class"),
                    excludeUnlisted(Xml.child(unit, "exclude-unlisted-classes")),
                    enumValue(SharedCacheMode.class, Xml.text(unit, "shared-cache-mode").orElse(""), "shared-cache-mode",
                            SharedCacheMode.UNSPECIFIED, here),
                    enumValue(ValidationMode.class, Xml.text(unit, "validation-mode").orElse(""), "validation-mode", ValidationMode.AUTO, here),
                    properties, version.isEmpty() ? "3.2" : version));
        }
        return units;
    }

    private static List<String> texts(Element unit, String name) {
        return Xml.children(unit, name).stream().map(e -> e.getTextContent().trim()).filter(s -> !s.isEmpty()).toList();
    }

    /** {@code <exclude-unlisted-classes/>} alone means true; its text may say false. */
    private static boolean excludeUnlisted(Optional<Element> element) {
        return element.map(e -> !e.getTextContent().trim().equalsIgnoreCase("false")).orElse(false);
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String text, String what, E fallback, DeploymentException.Location here) {
        if (text.isBlank()) {
            return fallback;
        }
        try {
            return Enum.valueOf(type, text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            List<String> allowed = new ArrayList<>();
            for (E constant : type.getEnumConstants()) {
                allowed.add(constant.name());
            }
            throw here.error(what + " '" + text.trim() + "' is not one of " + String.join(", ", allowed));
        }
    }

    /** The file a {@code <jar-file>} names, relative to the directory that holds the unit's root in the application as packaged. */
    static Path jarFile(UnitDescriptor unit, String jarFile) {
        return unit.jarFileBase().toAbsolutePath().resolve(jarFile).normalize();
    }
}
