package dev.isola.appserver.testapps.taskdefs;

import jakarta.enterprise.concurrent.ManagedExecutorDefinition;

/** Names a context service nobody defines. */
@ManagedExecutorDefinition(name = "java:app/concurrent/Orphan", context = "java:app/concurrent/Missing")
public class UndefinedContextService {
}
