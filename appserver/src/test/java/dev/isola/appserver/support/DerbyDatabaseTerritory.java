package dev.isola.appserver.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The territory a Derby database was created with, as Derby recorded it in the database's
 * {@code service.properties} ({@code derby.serviceLocale}). SQL cannot read it back:
 * {@code SYSCS_GET_DATABASE_PROPERTY('derby.serviceLocale')} answers null.
 */
public final class DerbyDatabaseTerritory {

    private DerbyDatabaseTerritory() {
    }

    /** @param database the database's directory */
    public static String of(Path database) {
        Properties service = new Properties();
        try (InputStream in = Files.newInputStream(database.resolve("service.properties"))) {
            service.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("no Derby database in " + database, e);
        }
        return service.getProperty("derby.serviceLocale");
    }
}
