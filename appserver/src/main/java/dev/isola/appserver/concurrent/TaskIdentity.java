package dev.isola.appserver.concurrent;

import jakarta.enterprise.concurrent.ManagedTask;
import jakarta.enterprise.concurrent.ManagedTaskListener;

import java.util.Map;

/**
 * What an application said of a task it handed over by implementing {@link ManagedTask}: the
 * listener to tell of its progress, its name, and whether it runs in the transaction of the
 * thread that runs it ({@link ManagedTask#TRANSACTION}).
 *
 * @param task     the object the application submitted (what listeners are told of)
 * @param listener null for none
 * @param name     {@link ManagedTask#IDENTITY_NAME}, or the task's class name
 */
record TaskIdentity(Object task, ManagedTaskListener listener, String name, boolean keepTransaction) {

    static TaskIdentity of(Object task) {
        if (task == null) {
            throw new NullPointerException("the task is null");
        }
        if (task instanceof ManagedTask managed) {
            Map<String, String> properties = managed.getExecutionProperties() == null ? Map.of() : managed.getExecutionProperties();
            String name = properties.getOrDefault(ManagedTask.IDENTITY_NAME, task.getClass().getName());
            boolean keep = ManagedTask.USE_TRANSACTION_OF_EXECUTION_THREAD.equals(properties.get(ManagedTask.TRANSACTION));
            return new TaskIdentity(task, managed.getManagedTaskListener(), name, keep);
        }
        return new TaskIdentity(task, null, task.getClass().getName(), false);
    }

    String describe() {
        return "task " + name;
    }
}
