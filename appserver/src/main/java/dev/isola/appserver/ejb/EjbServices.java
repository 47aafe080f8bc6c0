package dev.isola.appserver.ejb;

import dev.isola.appserver.tx.ContainerTransactions;
import dev.isola.appserver.tx.LocalTransactionManager;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;

/**
 * What all beans of a server share: the transaction machinery, the executor of asynchronous
 * calls (virtual threads), the timer scheduler, the settings, and the deployed applications
 * (how a {@link ViewReference} becomes a proxy again, for copied values and activated stateful beans).
 */
public record EjbServices(LocalTransactionManager transactionManager, ContainerTransactions transactions, ExecutorService asyncExecutor,
                          ScheduledExecutorService scheduler, EjbSettings settings, EjbApplications applications) {

    /** How a reference that arrived by value becomes a proxy again. */
    public Function<ViewReference, Object> views() {
        return applications::proxy;
    }


    public ValueCopier copier() {
        return new SerializingCopier(views());
    }
}
