package dev.isola.admin.deploy;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;

/**
 * Checks an uploaded archive in the admin isolate, before anything of it reaches a domain:
 * <ul>
 *   <li>it is a zip archive (not an HTML error page, not a tarball) with at least one entry;</li>
 *   <li>no entry name could be written outside the directory it is unpacked into
 *       ({@code ../}, absolute paths, drive letters, backslashes, NUL), also inside the modules
 *       and libraries it contains;</li>
 *   <li>what it expands to, counted by really inflating every entry (declared sizes can lie),
 *       modules included, stays under a limit, and so does the number of entries: a zip bomb
 *       is refused after reading at most the limit;</li>
 *   <li>an EAR has at least one module: listed in {@code META-INF/application.xml} (each of
 *       which must be in the archive), or by convention a {@code .war} or {@code .jar} at its
 *       root; a WAR or an EJB-JAR has content.</li>
 * </ul>
 * The deployer then checks what only it can (classes, annotations, references).
 */
public final class ArchiveValidator {

    /**
     * @param maxExpandedBytes what an archive may expand to, modules included
     * @param maxEntries       how many entries it may have, modules included
     */
    public record Limits(long maxExpandedBytes, int maxEntries) {
        public static final Limits DEFAULTS = new Limits(1L << 30, 100_000);
    }

    /** Modules inside modules are checked this deep; deeper archives are only counted. */
    private static final int NESTING = 2;

    private volatile Limits limits;

    public ArchiveValidator(Limits limits) {
        this.limits = limits;
    }

    /** Checks against {@code limits} from the next archive on. */
    public void limits(Limits limits) {
        this.limits = limits;
    }

    /**
     * Checks {@code file}, uploaded as {@code displayName}.
     *
     * @param declared the kind the uploader said, if any; otherwise the name's extension, otherwise the content decides
     * @throws InvalidArchiveException naming the archive, the entry at fault and the rule
     */
    public CheckedArchive check(Path file, String displayName, Optional<ArchiveKind> declared) throws IOException {
        long size = Files.size(file);
        if (size == 0) {
            throw new InvalidArchiveException(displayName + " is empty (0 bytes); upload the archive file itself");
        }
        requireZipSignature(file, displayName);
        String sha256 = sha256(file);
        List<String> names = new ArrayList<>();
        Budget budget = new Budget(displayName);
        try (ZipFile zip = new ZipFile(file.toFile())) {
            for (Enumeration<? extends ZipEntry> entries = zip.entries(); entries.hasMoreElements(); ) {
                ZipEntry entry = entries.nextElement();
                checkName(entry.getName(), displayName, "");
                budget.entry();
                names.add(entry.getName());
                if (!entry.isDirectory()) {
                    try (InputStream in = zip.getInputStream(entry)) {
                        if (isArchive(entry.getName())) {
                            checkNested(new ZipInputStream(in), displayName, entry.getName() + "!/", budget, 1);
                        } else {
                            budget.drain(in);
                        }
                    }
                }
            }
            if (names.isEmpty()) {
                throw new InvalidArchiveException(displayName + " is a zip archive with no entries; nothing to deploy");
            }
            ArchiveKind kind = declared.or(() -> ArchiveKind.ofFileName(displayName)).orElseGet(() -> detect(names));
            List<String> modules = modules(kind, zip, names, displayName);
            return new CheckedArchive(file, kind, size, sha256, budget.expanded, modules);
        } catch (ZipException e) {
            throw new InvalidArchiveException(displayName + " is not a readable zip archive (" + e.getMessage() + "); upload the .ear, .war or .jar as built");
        }
    }

    private void checkNested(ZipInputStream zip, String displayName, String prefix, Budget budget, int depth) throws IOException {
        try {
            ZipEntry entry;
            while ((entry = zip.getNextEntry()) != null) {
                checkName(entry.getName(), displayName, prefix);
                budget.entry();
                if (!entry.isDirectory() && isArchive(entry.getName()) && depth < NESTING) {
                    checkNested(new ZipInputStream(zip), displayName, prefix + entry.getName() + "!/", budget, depth + 1);
                } else {
                    budget.drain(zip);
                }
            }
        } catch (ZipException e) {
            throw new InvalidArchiveException("module " + prefix.substring(0, prefix.length() - 2) + " of " + displayName
                    + " is not a readable zip archive (" + e.getMessage() + ")");
        }
    }

    private static void requireZipSignature(Path file, String displayName) throws IOException {
        byte[] head = new byte[4];
        int read;
        try (InputStream in = Files.newInputStream(file)) {
            read = in.readNBytes(head, 0, 4);
        }
        if (read < 4 || head[0] != 'P' || head[1] != 'K' || !((head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6))) {
            throw new InvalidArchiveException(displayName + " is not a zip archive (it starts with " + printable(head, read)
                    + "); an application is uploaded as its .ear, .war or .jar file");
        }
    }

    private static void checkName(String name, String displayName, String prefix) {
        String where = "entry '" + prefix + name + "' of " + displayName;
        if (name.indexOf('\0') >= 0) {
            throw new InvalidArchiveException(where.replace("\0", "\\0") + " has a NUL character in its name; the archive is refused");
        }
        String normalized = name.replace('\\', '/');
        if (normalized.startsWith("/") || normalized.matches("^[A-Za-z]:.*")) {
            throw new InvalidArchiveException(where + " is an absolute path, which would be written outside the application's directory;"
                    + " the archive is refused");
        }
        for (String segment : normalized.split("/")) {
            if (segment.equals("..")) {
                throw new InvalidArchiveException(where + " would be written outside the application's directory ('..');"
                        + " the archive is refused");
            }
        }
        if (name.contains("\\")) {
            throw new InvalidArchiveException(where + " uses '\\' as a separator, which zip archives do not; rebuild it with a zip or jar tool");
        }
    }

    private static ArchiveKind detect(List<String> names) {
        if (names.contains("META-INF/application.xml")) {
            return ArchiveKind.EAR;
        }
        if (names.stream().anyMatch(n -> n.startsWith("WEB-INF/"))) {
            return ArchiveKind.WAR;
        }
        if (names.stream().anyMatch(n -> !n.contains("/") && (n.endsWith(".war") || n.endsWith(".jar")))) {
            return ArchiveKind.EAR;
        }
        return ArchiveKind.JAR;
    }

    private static List<String> modules(ArchiveKind kind, ZipFile zip, List<String> names, String displayName) throws IOException {
        switch (kind) {
            case WAR, JAR -> {
                if (names.stream().allMatch(n -> n.startsWith("META-INF/"))) {
                    throw new InvalidArchiveException(displayName + " has nothing but META-INF/; a " + kind.key().toUpperCase(Locale.ROOT)
                            + " needs classes or web content");
                }
                return List.of(displayName);
            }
            default -> {
                ZipEntry descriptor = zip.getEntry("META-INF/application.xml");
                List<String> modules = descriptor != null ? descriptorModules(zip, descriptor, displayName)
                        : names.stream().filter(n -> !n.contains("/") && (n.endsWith(".war") || n.endsWith(".jar"))).toList();
                if (modules.isEmpty()) {
                    throw new InvalidArchiveException(displayName + " contains no module: an EAR needs a .war or EJB .jar at its root,"
                            + " or a META-INF/application.xml listing its modules");
                }
                for (String module : modules) {
                    if (!names.contains(module) && names.stream().noneMatch(n -> n.startsWith(module + "/"))) {
                        throw new InvalidArchiveException("META-INF/application.xml of " + displayName + " names module " + module
                                + ", which is not in the archive");
                    }
                }
                return modules;
            }
        }
    }

    private static List<String> descriptorModules(ZipFile zip, ZipEntry descriptor, String displayName) throws IOException {
        Document xml;
        try (InputStream in = zip.getInputStream(descriptor)) {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setExpandEntityReferences(false);
            xml = factory.newDocumentBuilder().parse(in);
        } catch (SAXException e) {
            throw new InvalidArchiveException("META-INF/application.xml of " + displayName + " is not well-formed XML: " + e.getMessage());
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser lacks a security feature", e);
        }
        Set<String> modules = new LinkedHashSet<>();
        NodeList list = xml.getElementsByTagNameNS("*", "module");
        for (int i = 0; i < list.getLength(); i++) {
            Element module = (Element) list.item(i);
            for (String tag : List.of("ejb", "java", "connector", "web-uri")) {
                NodeList uris = module.getElementsByTagNameNS("*", tag);
                for (int j = 0; j < uris.getLength(); j++) {
                    String uri = uris.item(j).getTextContent().strip();
                    checkName(uri, displayName, "module ");
                    modules.add(uri);
                }
            }
        }
        return List.copyOf(modules);
    }

    private static boolean isArchive(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith(".war") || lower.endsWith(".jar") || lower.endsWith(".rar");
    }

    /** The SHA-256 of {@code file}'s content, in lower-case hex, as {@link CheckedArchive#sha256()} has it. */
    public static String sha256(Path file) throws IOException {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    private static String printable(byte[] head, int read) {
        StringBuilder b = new StringBuilder("'");
        for (int i = 0; i < read; i++) {
            b.append(head[i] >= 32 && head[i] < 127 ? (char) head[i] : '.');
        }
        return b.append("'").toString();
    }

    /** Counts entries and inflated bytes against the limits as they are read. */
    private final class Budget {
        private final String displayName;
        private long expanded;
        private int entries;
        private final byte[] buffer = new byte[64 * 1024];

        Budget(String displayName) {
            this.displayName = displayName;
        }

        void entry() {
            if (++entries > limits.maxEntries()) {
                throw new InvalidArchiveException(displayName + " has more than " + limits.maxEntries()
                        + " entries (modules included), the limit; the archive is refused", true);
            }
        }

        void drain(InputStream in) throws IOException {
            int n;
            while ((n = in.read(buffer)) > 0) {
                count(n);
            }
        }

        void count(long n) {
            expanded += n;
            if (expanded > limits.maxExpandedBytes()) {
                throw new InvalidArchiveException(displayName + " expands to more than " + (limits.maxExpandedBytes() >> 20)
                        + " MB (modules included), the limit; the archive is refused (a zip bomb, or raise --max-expanded-size)", true);
            }
        }
    }
}
