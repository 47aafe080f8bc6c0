package dev.isola.appserver.deploy;

import org.w3c.dom.Element;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code META-INF/application.xml} says: the application name, the modules with their
 * kinds and context roots, and the library directory.
 *
 * @param libraryDirectory empty Optional: the default "lib"; an empty string: no library directory
 */
record ApplicationXml(Optional<String> applicationName, List<Entry> modules, Optional<String> libraryDirectory) {

    record Entry(ModuleKind kind, String uri, Optional<String> contextRoot) { }

    static ApplicationXml read(Path file, String application) {
        Element root = Xml.parse(file, new DeploymentException.Location(application, null, null, null));
        List<Entry> modules = new ArrayList<>();
        for (Element module : Xml.children(root, "module")) {
            Optional<Element> web = Xml.child(module, "web");
            if (web.isPresent()) {
                String uri = Xml.text(web.get(), "web-uri").orElseThrow(() ->
                        DeploymentException.of(application, "application.xml: a <web> module has no <web-uri>"));
                modules.add(new Entry(ModuleKind.WEB, uri, Xml.text(web.get(), "context-root")));
            } else if (Xml.child(module, "ejb").isPresent()) {
                modules.add(new Entry(ModuleKind.EJB, Xml.text(module, "ejb").orElseThrow(), Optional.empty()));
            } else if (Xml.child(module, "connector").isPresent()) {
                throw DeploymentException.of(application, "application.xml: connector module "
                        + Xml.text(module, "connector").orElse("?") + " is not supported by this server");
            }
            // <java> (application client) modules run in a client container, not in the server
        }
        Optional<String> lib = Xml.child(root, "library-directory").map(e -> e.getTextContent().trim());
        return new ApplicationXml(Xml.text(root, "application-name"), modules, lib);
    }
}
