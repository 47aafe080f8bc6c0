package dev.isola.appserver.hibernate;

import jakarta.persistence.spi.PersistenceProvider;
import jakarta.transaction.TransactionManager;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.UserTransaction;
import org.hibernate.jpa.HibernatePersistenceProvider;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the server asks of Hibernate ORM, its persistence provider: the provider itself, and the
 * integration properties of a unit. The server calls these two static methods by name through
 * the class loader of {@code lib/persistence/}, so their signatures use Jakarta types only.
 */
public final class HibernateIntegration {

    private HibernateIntegration() {
    }

    public static PersistenceProvider provider() {
        return new HibernatePersistenceProvider();
    }

    /**
     * The properties the server adds to a unit's own when it asks Hibernate for the unit's entity manager factory (a unit's
     * property of the same name wins).
     *
     * @param jta whether the unit's transaction type is JTA: Hibernate then works in the server's transactions
     */
    public static Map<String, Object> integration(boolean jta, TransactionManager transactionManager, UserTransaction userTransaction,
                                                  TransactionSynchronizationRegistry registry) {
        Map<String, Object> properties = new LinkedHashMap<>();
        if (jta) {
            properties.put("hibernate.transaction.jta.platform", new ServerJtaPlatform(transactionManager, userTransaction, registry));
        }
        // Hibernate probes a connection for LOB creation, which Derby does not implement: the failure costs the pool that
        // connection and logs a stack trace at every start; LOBs made without the connection work with every database
        properties.put("hibernate.jdbc.lob.non_contextual_creation", "true");
        // Derby's drivers report a fetch size of 1, for which Hibernate warns at every start; 100 rows is its advice
        properties.put("hibernate.jdbc.fetch_size", "100");
        return properties;
    }
}
