package dev.isola.admin.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where {@code bin/appserver} found things: the server image, the Pet Store EAR, the default
 * domains root. The script passes them as system properties; without the script (tests),
 * callers give them explicitly.
 *
 * @param image           the server image, a directory of jars
 * @param petstore        the Pet Store EAR, when built
 * @param defaultDomains  the domains root when {@code --domains-dir} is not given
 */
record Installation(Path image, Optional<Path> petstore, Path defaultDomains) {

    static final String IMAGE_PROPERTY = "isola.image";
    static final String PETSTORE_PROPERTY = "isola.petstore";
    static final String DOMAINS_PROPERTY = "isola.domains";

    static Installation fromSystemProperties() {
        String image = System.getProperty(IMAGE_PROPERTY);
        if (image == null) {
            throw new IllegalStateException("the system property " + IMAGE_PROPERTY + " must name the server image (bin/appserver sets it)");
        }
        Optional<Path> petstore = Optional.ofNullable(System.getProperty(PETSTORE_PROPERTY)).map(Path::of).filter(Files::isRegularFile);
        Path domains = Path.of(System.getProperty(DOMAINS_PROPERTY, "var/domains"));
        return new Installation(Path.of(image).toAbsolutePath(), petstore, domains.toAbsolutePath());
    }
}
