package dev.isola.appserver.persistence;

import jakarta.persistence.SharedCacheMode;
import jakarta.persistence.ValidationMode;
import jakarta.persistence.spi.ClassTransformer;
import jakarta.persistence.spi.PersistenceUnitInfo;
import jakarta.persistence.spi.PersistenceUnitTransactionType;

import javax.sql.DataSource;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What the server tells the persistence provider of a unit (Jakarta Persistence 9.6): its
 * descriptor, its data sources looked up, its application's class loader, and the managed classes
 * the server found in the unit's root and JAR files by their annotations, which it lists itself so
 * that no provider scans archives again ({@link #excludeUnlistedClasses} is then true).
 */
final class ContainerUnitInfo implements PersistenceUnitInfo {

    private static final System.Logger LOG = System.getLogger(ContainerUnitInfo.class.getName());

    private final UnitDescriptor unit;
    private final String providerClassName;
    private final DataSource jtaDataSource;
    private final DataSource nonJtaDataSource;
    private final List<URL> jarFileUrls;
    private final List<String> managedClassNames;
    private final Properties properties;
    private final ClassLoader loader;
    private final ClassLoader tempParent;
    private final List<URLClassLoader> temporaryLoaders = new ArrayList<>();

    /** @param tempParent the parent of the temporary loaders: the server's loader, or one that sees the provider's API after it */
    ContainerUnitInfo(UnitDescriptor unit, String providerClassName, DataSource jtaDataSource, DataSource nonJtaDataSource, List<URL> jarFileUrls,
                      List<String> managedClassNames, Properties properties, ClassLoader loader, ClassLoader tempParent) {
        this.unit = unit;
        this.providerClassName = providerClassName;
        this.jtaDataSource = jtaDataSource;
        this.nonJtaDataSource = nonJtaDataSource;
        this.jarFileUrls = List.copyOf(jarFileUrls);
        this.managedClassNames = List.copyOf(managedClassNames);
        this.properties = properties;
        this.loader = loader;
        this.tempParent = tempParent;
    }

    @Override
    public String getPersistenceUnitName() {
        return unit.name();
    }

    @Override
    public String getPersistenceProviderClassName() {
        return providerClassName;
    }

    /** No CDI here: entity managers are not CDI beans, so there is no scope and no qualifier. */
    @Override
    public String getScopeAnnotationName() {
        return null;
    }

    @Override
    public List<String> getQualifierAnnotationNames() {
        return List.of();
    }

    @Override
    public PersistenceUnitTransactionType getTransactionType() {
        return unit.transactionType();
    }

    @Override
    public DataSource getJtaDataSource() {
        return jtaDataSource;
    }

    @Override
    public DataSource getNonJtaDataSource() {
        return nonJtaDataSource;
    }

    @Override
    public List<String> getMappingFileNames() {
        return unit.mappingFiles();
    }

    @Override
    public List<URL> getJarFileUrls() {
        return jarFileUrls;
    }

    @Override
    public URL getPersistenceUnitRootUrl() {
        try {
            return unit.root().toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public List<String> getManagedClassNames() {
        return managedClassNames;
    }

    @Override
    public boolean excludeUnlistedClasses() {
        return true;
    }

    @Override
    public SharedCacheMode getSharedCacheMode() {
        return unit.sharedCacheMode();
    }

    @Override
    public ValidationMode getValidationMode() {
        return unit.validationMode();
    }

    @Override
    public Properties getProperties() {
        return properties;
    }

    @Override
    public String getPersistenceXMLSchemaVersion() {
        return unit.schemaVersion();
    }

    @Override
    public ClassLoader getClassLoader() {
        return loader;
    }

    /**
     * The server does not transform classes as they load (the application's loader is a plain one, and many of its classes are
     * loaded before any unit starts), so a provider that asks for a transformer, for bytecode enhancement at run time, gets none.
     */
    @Override
    public void addTransformer(ClassTransformer transformer) {
        // Hibernate hands one over at every start whether or not enhancement was asked for: not worth a line at INFO
        LOG.log(System.Logger.Level.DEBUG, unit.describe() + ": class transformers are not applied (enhance entities at build time instead): "
                + transformer);
    }

    /**
     * A loader of the application's classes that forgets them, for a provider that inspects classes before they load for good:
     * over the same JARs, its parent the application's own parent (the server's loader, or one that sees the provider's API
     * too: {@code tempParent}); closed once the unit has started ({@link #closeTemporaryLoaders}).
     */
    @Override
    public synchronized ClassLoader getNewTempClassLoader() {
        URL[] urls = loader instanceof URLClassLoader u ? u.getURLs() : new URL[0];
        URLClassLoader temporary = new URLClassLoader("temporary loader of " + unit.name(), urls, tempParent);
        temporaryLoaders.add(temporary);
        return temporary;
    }

    /** Closes the temporary loaders handed out while the unit started. */
    synchronized void closeTemporaryLoaders() {
        for (URLClassLoader temporary : temporaryLoaders) {
            try {
                temporary.close();
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "closing " + temporary + ": " + e);
            }
        }
        temporaryLoaders.clear();
    }
}
