package dev.isola.petstore.setup;

import dev.isola.petstore.Resources;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.EJBException;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Creates the tables and seed data in the default data source when the application starts and
 * finds them absent. The {@code @PostConstruct} method runs in a container-managed transaction,
 * so schema and seed data appear together or not at all; a failure fails the deployment.
 */
@Singleton
@Startup
public class DatabaseSetupBean {
    private static final System.Logger LOG = System.getLogger(DatabaseSetupBean.class.getName());

    @Resource(lookup = Resources.DATA_SOURCE)
    private DataSource dataSource;

    @PostConstruct
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    void installSchema() {
        try (Connection connection = dataSource.getConnection()) {
            if (new DatabaseSchema(connection).installIfAbsent()) {
                LOG.log(Level.INFO, "created the Pet Store tables and seed data in {0}", Resources.DATA_SOURCE);
            } else {
                LOG.log(Level.INFO, "the Pet Store tables already exist in {0}", Resources.DATA_SOURCE);
            }
        } catch (SQLException e) {
            throw new EJBException("could not create the Pet Store tables in " + Resources.DATA_SOURCE + ": "
                    + e.getMessage(), e);
        }
    }
}
