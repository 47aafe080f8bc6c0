package dev.isola.appserver.concurrent;

import dev.isola.appserver.concurrent.ContextPolicy.Treatment;
import jakarta.enterprise.concurrent.ManagedTask;
import jakarta.enterprise.concurrent.ManagedTaskListener;

import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What an application said of a task it handed over by implementing {@link ManagedTask}: the
 * listener to tell of its progress, its name, and what becomes of the transaction of the thread
 * that runs it ({@link ManagedTask#TRANSACTION}).
 *
 * @param task        the object the application submitted (what listeners are told of)
 * @param listener    null for none
 * @param name        {@link ManagedTask#IDENTITY_NAME}, or the task's class name
 * @param transaction what the task's execution properties ask for the transaction, or empty for the executor's context service to say
 */
record TaskIdentity(Object task, ManagedTaskListener listener, String name, Optional<Treatment> transaction) {

    private static final System.Logger LOG = System.getLogger(TaskIdentity.class.getName());

    static TaskIdentity of(Object task) {
        if (task == null) {
            throw new NullPointerException("the task is null");
        }
        if (task instanceof ManagedTask managed) {
            Map<String, String> properties = managed.getExecutionProperties() == null ? Map.of() : managed.getExecutionProperties();
            String name = properties.getOrDefault(ManagedTask.IDENTITY_NAME, task.getClass().getName());
            return new TaskIdentity(task, managed.getManagedTaskListener(), name, transactionOf(properties));
        }
        return new TaskIdentity(task, null, task.getClass().getName(), Optional.empty());
    }

    /** {@link ManagedTask#SUSPEND} clears the running thread's transaction, {@link ManagedTask#USE_TRANSACTION_OF_EXECUTION_THREAD} keeps it. */
    static Optional<Treatment> transactionOf(Map<String, String> executionProperties) {
        String value = executionProperties.get(ManagedTask.TRANSACTION);
        if (ManagedTask.USE_TRANSACTION_OF_EXECUTION_THREAD.equals(value)) {
            return Optional.of(Treatment.UNCHANGED);
        }
        if (ManagedTask.SUSPEND.equals(value)) {
            return Optional.of(Treatment.CLEARED);
        }
        return Optional.empty();
    }

    String describe() {
        return "task " + name;
    }

    /** Tells the task's listener, if it has one; a listener that throws does not change the task's outcome: it is logged. */
    void tell(String what, Consumer<ManagedTaskListener> call) {
        if (listener == null) {
            return;
        }
        try {
            call.accept(listener);
        } catch (RuntimeException | Error e) {
            LOG.log(System.Logger.Level.WARNING, "the listener of " + describe() + " threw from " + what + ": " + e, e);
        }
    }
}
