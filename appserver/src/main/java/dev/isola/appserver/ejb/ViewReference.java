package dev.isola.appserver.ejb;

import java.io.Serializable;
import java.util.UUID;

/**
 * The address of one business view, by value: what a client proxy stands for and what crosses
 * a link when a remote client calls. Equal references denote the same view of the same bean
 * and, for stateful beans, the same session (that is the specification's object identity of
 * session bean references).
 *
 * @param session null for stateless and singleton beans
 */
public record ViewReference(String application, String bean, String viewType, UUID session) implements Serializable {
}
