package dev.isola.appserver.deploy;

import dev.isola.appserver.security.RoleMapping;
import org.jboss.jandex.Index;
import org.jboss.jandex.IndexView;
import org.w3c.dom.Element;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * An application unpacked and understood: its name, its modules and libraries with their
 * annotation indexes, found from {@code application.xml} or, without one, by the Jakarta EE
 * conventions (EE.8.4.2): {@code .war} files are web modules, {@code .jar} files with enterprise
 * bean annotations or {@code META-INF/ejb-jar.xml} are EJB modules, JARs in {@code lib/} are
 * libraries. A standalone WAR or EJB-JAR is an application of one module.
 *
 * <p>Where files go: the archive is unpacked into {@code <work>/<deployment>/archive} and
 * every module into {@code <work>/<deployment>/modules/<uri>}; {@link UnpackedArchive} keeps
 * them, with the indexes, for the next deployment of the same archive. Undeploying deletes
 * {@code <work>/<deployment>}.
 *
 * @param deploymentName the archive's file name without extension: what {@code undeploy} takes
 * @param applicationName the name in {@code java:global/<app>/…}; for a standalone module, its module name
 * @param directory       {@code <work>/<deployment>}
 * @param libraries       the JARs of the EAR's library directory, sorted by name
 */
public record ApplicationLayout(String deploymentName, String applicationName, ArchiveType type, Path directory,
                                List<ModuleInfo> modules, Map<String, IndexView> indexes, List<Library> libraries) {

    /** A JAR of the EAR's library directory and the index of its classes. */
    public record Library(Path jar, IndexView index) { }

    /**
     * Where the unpacked files and the annotation indexes a layout is read from come from:
     * unpacked and indexed now, or left by an earlier deployment of the same archive
     * ({@link UnpackedArchive}).
     */
    interface Source {

        /**
         * Makes {@code target} hold {@code zip} unpacked.
         *
         * @param application for messages
         * @param what        for messages: "archive shop.ear" or "module shop-web.war"
         */
        void unpack(String application, String what, Path zip, Path target);

        /** The index of {@code unpacked} (a module's directory or a library JAR), built by {@code indexer} where it must be. */
        IndexView index(Path unpacked, Function<Path, Index> indexer);
    }

    /** The index of one module's own classes. */
    public IndexView index(ModuleInfo module) {
        return indexes.get(module.uri());
    }

    /**
     * Whether web module {@code m} packages enterprise beans (in {@code WEB-INF/classes} or a JAR of {@code WEB-INF/lib}, or
     * declared in {@code WEB-INF/ejb-jar.xml}), as the Web Profile allows; an EJB module does by definition.
     */
    public boolean packagesBeans(ModuleInfo m) {
        return m.kind() == ModuleKind.EJB || AnnotationIndex.hasEnterpriseBeans(index(m)) || Files.isRegularFile(m.directory().resolve("WEB-INF/ejb-jar.xml"));
    }

    /** A web module's own classes: {@code WEB-INF/classes} and the JARs of {@code WEB-INF/lib}, in the order the Servlet specification loads them. */
    static List<Path> webClassPath(ModuleInfo m) {
        List<Path> path = new ArrayList<>();
        path.add(m.directory().resolve("WEB-INF/classes"));
        path.addAll(AnnotationIndex.jars(m.directory().resolve("WEB-INF/lib")));
        return path;
    }

    /** The indexes of the libraries, in the order of {@link #libraries()}. */
    public List<IndexView> libraryIndexes() {
        return libraries.stream().map(Library::index).toList();
    }

    /**
     * The type of {@code archive}, after checking that it is a file of a type this server deploys.
     *
     * @throws DeploymentException naming the archive when it is not
     */
    static ArchiveType deployableType(Path archive) {
        String fileName = archive.getFileName().toString();
        ArchiveType type = ArchiveType.of(archive).orElseThrow(() -> DeploymentException.of(fileName,
                "unknown archive type: expected a file name ending in .ear, .war or .jar"));
        if (!Files.isRegularFile(archive)) {
            throw DeploymentException.of(type.baseName(fileName), "archive " + archive + " does not exist or is not a file");
        }
        return type;
    }

    /** Reads the layout of {@code archive} (of {@code type}, see {@link #deployableType}), unpacked into {@code directory} by {@code source}. */
    static ApplicationLayout read(Path archive, ArchiveType type, Path directory, Source source) {
        String deploymentName = type.baseName(archive.getFileName().toString());
        return switch (type) {
            case EAR -> readEar(archive, deploymentName, directory, source);
            case WAR, EJB_JAR -> readStandalone(archive, type, deploymentName, directory, source);
        };
    }

    /** Where an EAR deployed into {@code directory} is unpacked: its {@code META-INF} and libraries are there. */
    static Path earDirectory(Path directory) {
        return directory.resolve("archive");
    }

    /** The descriptors' mapping of roles onto users and groups for the whole application (an EAR's; none for a lone module). */
    RoleMapping applicationRoleMapping() {
        return type == ArchiveType.EAR ? RoleMappingXml.read(earDirectory(directory).resolve(RoleMappingXml.APPLICATION),
                new DeploymentException.Location(applicationName, null, null, null)) : RoleMapping.GROUPS_ARE_ROLES;
    }

    /** The roles mapping of module {@code m}: the application's, with the module's own descriptor winning for the roles it maps. */
    RoleMapping roleMapping(ModuleInfo m, RoleMapping application) {
        String descriptor = m.kind() == ModuleKind.WEB ? RoleMappingXml.WEB : RoleMappingXml.EJB;
        return application.overriddenBy(RoleMappingXml.read(m.directory().resolve(descriptor),
                new DeploymentException.Location(applicationName, m.uri(), null, null)));
    }

    private static ApplicationLayout readStandalone(Path archive, ArchiveType type, String name, Path directory, Source source) {
        String uri = archive.getFileName().toString();
        Path moduleDir = directory.resolve("modules").resolve(uri);
        source.unpack(name, "archive " + uri, archive, moduleDir);
        ModuleKind kind = type == ArchiveType.WAR ? ModuleKind.WEB : ModuleKind.EJB;
        String moduleName = moduleName(name, uri, kind, moduleDir).orElse(name);
        IndexView index = source.index(moduleDir, indexer(kind));
        if (kind == ModuleKind.EJB && !AnnotationIndex.hasEnterpriseBeans(index) && !Files.isRegularFile(moduleDir.resolve("META-INF/ejb-jar.xml"))) {
            throw DeploymentException.of(name, "archive " + uri + " is neither an EJB module (no enterprise bean annotation, no META-INF/ejb-jar.xml) nor a .war or .ear");
        }
        ModuleInfo module = new ModuleInfo(moduleName, uri, kind, moduleDir, kind == ModuleKind.WEB ? "/" + moduleName : "");
        return new ApplicationLayout(name, moduleName, type, directory, List.of(module), Map.of(uri, index), List.of());
    }

    private static ApplicationLayout readEar(Path archive, String name, Path directory, Source source) {
        Path earDir = earDirectory(directory);
        source.unpack(name, "archive " + archive.getFileName(), archive, earDir);
        Path descriptor = earDir.resolve("META-INF/application.xml");
        Optional<ApplicationXml> xml = Files.isRegularFile(descriptor) ? Optional.of(ApplicationXml.read(descriptor, name)) : Optional.empty();
        String applicationName = xml.flatMap(ApplicationXml::applicationName).orElse(name);

        String libDir = xml.flatMap(ApplicationXml::libraryDirectory).orElse("lib");
        List<Library> libraries = new ArrayList<>();
        if (!libDir.isEmpty()) {
            Path libraryDirectory = earDir.resolve(libDir).normalize();
            if (!libraryDirectory.startsWith(earDir)) {
                throw DeploymentException.of(applicationName, "application.xml: <library-directory>" + libDir + "</library-directory> leaves the archive");
            }
            for (Path jar : AnnotationIndex.jars(libraryDirectory)) {
                libraries.add(new Library(jar, source.index(jar, AnnotationIndex::ofJar)));
            }
        }

        List<ApplicationXml.Entry> entries = xml.map(ApplicationXml::modules).orElseGet(() -> conventionalModules(earDir));
        List<ModuleInfo> modules = new ArrayList<>();
        Map<String, IndexView> indexes = new HashMap<>();
        Map<String, String> moduleNames = new LinkedHashMap<>();
        for (ApplicationXml.Entry entry : entries) {
            Path file = earDir.resolve(entry.uri()).normalize();
            if (!file.startsWith(earDir) || !Files.isRegularFile(file)) {
                throw DeploymentException.of(applicationName, (xml.isPresent() ? "application.xml names module " : "module ") + entry.uri()
                        + ", which is not in the archive");
            }
            Path moduleDir = directory.resolve("modules").resolve(entry.uri().replace('/', '_'));
            source.unpack(applicationName, "module " + entry.uri(), file, moduleDir);
            IndexView index = source.index(moduleDir, indexer(entry.kind()));
            boolean ejb = entry.kind() == ModuleKind.EJB;
            if (ejb && xml.isEmpty() && !AnnotationIndex.hasEnterpriseBeans(index) && !Files.isRegularFile(moduleDir.resolve("META-INF/ejb-jar.xml"))) {
                continue;
            }
            String base = entry.uri().substring(0, entry.uri().lastIndexOf('.'));
            String moduleName = moduleName(applicationName, entry.uri(), entry.kind(), moduleDir).orElse(base);
            String clash = moduleNames.putIfAbsent(moduleName, entry.uri());
            if (clash != null) {
                throw DeploymentException.of(applicationName, "modules " + clash + " and " + entry.uri() + " have the same module name '" + moduleName + "'");
            }
            String contextRoot = entry.kind() == ModuleKind.WEB ? normalizeContextRoot(entry.contextRoot().orElse(moduleName)) : "";
            modules.add(new ModuleInfo(moduleName, entry.uri(), entry.kind(), moduleDir, contextRoot));
            indexes.put(entry.uri(), index);
        }
        if (modules.isEmpty()) {
            throw DeploymentException.of(applicationName, "archive " + archive.getFileName() + " has no web or EJB module");
        }
        return new ApplicationLayout(name, applicationName, ArchiveType.EAR, directory, List.copyOf(modules), Map.copyOf(indexes),
                List.copyOf(libraries));
    }

    private static Function<Path, Index> indexer(ModuleKind kind) {
        return kind == ModuleKind.WEB ? AnnotationIndex::ofWebModule : AnnotationIndex::ofDirectory;
    }

    private static List<ApplicationXml.Entry> conventionalModules(Path earDir) {
        List<ApplicationXml.Entry> entries = new ArrayList<>();
        try (var files = Files.list(earDir)) {
            for (Path p : files.sorted().toList()) {
                String n = p.getFileName().toString();
                if (!Files.isRegularFile(p)) {
                    continue;
                }
                if (n.endsWith(".war")) {
                    entries.add(new ApplicationXml.Entry(ModuleKind.WEB, n, Optional.empty()));
                } else if (n.endsWith(".jar")) {
                    entries.add(new ApplicationXml.Entry(ModuleKind.EJB, n, Optional.empty()));
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return entries;
    }

    /** The {@code module-name} of the module's descriptor, if it has one. */
    private static Optional<String> moduleName(String application, String uri, ModuleKind kind, Path moduleDir) {
        Path descriptor = moduleDir.resolve(kind == ModuleKind.WEB ? "WEB-INF/web.xml" : "META-INF/ejb-jar.xml");
        if (!Files.isRegularFile(descriptor)) {
            return Optional.empty();
        }
        Element root = Xml.parse(descriptor, new DeploymentException.Location(application, uri, null, null));
        return Xml.text(root, "module-name").filter(s -> !s.isEmpty());
    }

    static String normalizeContextRoot(String contextRoot) {
        String c = contextRoot.trim();
        while (c.endsWith("/")) {
            c = c.substring(0, c.length() - 1);
        }
        if (c.isEmpty()) {
            return "";
        }
        return c.startsWith("/") ? c : "/" + c;
    }
}
