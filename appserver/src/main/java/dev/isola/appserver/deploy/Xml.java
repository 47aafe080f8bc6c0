package dev.isola.appserver.deploy;

import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXParseException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reading Jakarta EE deployment descriptors: namespace-aware DOM, elements found by local
 * name so that every schema version (J2EE 1.4 to Jakarta EE 11) reads alike, external
 * entities and DTDs refused.
 */
public final class Xml {

    private Xml() {
    }

    /** Parses {@code file}; a malformed file is a {@link DeploymentException} naming file, line and column. */
    public static Element parse(Path file, DeploymentException.Location location) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            f.setExpandEntityReferences(false);
            DocumentBuilder b = f.newDocumentBuilder();
            b.setErrorHandler(null);
            // through a stream, so that a file inside a JAR (a zip file system's path) is read as well
            try (InputStream in = Files.newInputStream(file)) {
                return b.parse(in, file.toUri().toString()).getDocumentElement();
            }
        } catch (SAXParseException e) {
            throw location.error(file.getFileName() + " line " + e.getLineNumber() + ", column " + e.getColumnNumber() + ": " + e.getMessage(), e);
        } catch (Exception e) {
            throw location.error("cannot read " + file.getFileName() + ": " + e.getMessage(), e);
        }
    }

    /** The direct child elements of {@code parent} named {@code name}. */
    public static List<Element> children(Element parent, String name) {
        List<Element> result = new ArrayList<>();
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            Node n = nodes.item(i);
            if (n instanceof Element e && name.equals(localName(e))) {
                result.add(e);
            }
        }
        return result;
    }

    public static Optional<Element> child(Element parent, String name) {
        List<Element> c = children(parent, name);
        return c.isEmpty() ? Optional.empty() : Optional.of(c.getFirst());
    }

    /** The trimmed text of the child element {@code name}, if present. */
    public static Optional<String> text(Element parent, String name) {
        return child(parent, name).map(e -> e.getTextContent().trim());
    }

    public static String localName(Element e) {
        return e.getLocalName() != null ? e.getLocalName() : e.getTagName();
    }
}
