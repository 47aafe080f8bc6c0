package dev.isola.appserver.testapps.taskdefs;

import jakarta.enterprise.concurrent.ManagedExecutorDefinition;

/** A definition no executor can honour: it would never run a task. */
@ManagedExecutorDefinition(name = "java:app/concurrent/Never", maxAsync = 0)
public class ZeroMaxAsync {
}
