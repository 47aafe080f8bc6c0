package dev.isola.appserver.testapps.taskdefs;

import jakarta.enterprise.concurrent.ContextServiceDefinition;

/** Asks for a kind of thread context this server does not have. */
@ContextServiceDefinition(name = "java:app/concurrent/Locale", propagated = {"Locale", ContextServiceDefinition.APPLICATION})
public class UnknownContextType {
}
