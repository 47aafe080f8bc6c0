package dev.isola.appserver.persistence;

import jakarta.persistence.SharedCacheMode;
import jakarta.persistence.ValidationMode;
import jakarta.persistence.spi.PersistenceUnitTransactionType;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One {@code <persistence-unit>} of a {@code persistence.xml}, as written, with where it was found.
 *
 * @param root          the persistence unit's root: the directory or JAR whose {@code META-INF} holds the file
 * @param rootName      the root as messages and {@code path#unit} references name it ({@code WEB-INF/classes},
 *                      {@code lib/model.jar}, the module's URI)
 * @param jarFileBase   what {@code <jar-file>}s are relative to: the directory that holds the root in the application as
 *                      packaged (the EAR's directory of an EJB module, {@code WEB-INF} for {@code WEB-INF/classes})
 * @param provider      the {@code <provider>} class name, empty when the server's default is wanted
 * @param jtaDataSource the {@code <jta-data-source>} name, empty when not given
 * @param jarFiles      the {@code <jar-file>}s, as written (relative to the root's directory)
 * @param properties    the {@code <properties>}, in their order
 * @param schemaVersion the {@code version} attribute of {@code <persistence>}
 */
public record UnitDescriptor(String name, Path root, String rootName, Path jarFileBase, PersistenceUnitTransactionType transactionType, String provider,
                             String jtaDataSource, String nonJtaDataSource, List<String> mappingFiles, List<String> jarFiles,
                             List<String> classes, boolean excludeUnlistedClasses, SharedCacheMode sharedCacheMode,
                             ValidationMode validationMode, Map<String, String> properties, String schemaVersion) {

    /** "unit orders (WEB-INF/classes/META-INF/persistence.xml)", for messages. */
    public String describe() {
        return "persistence unit " + name + " (" + rootName + "/META-INF/persistence.xml)";
    }
}
