package dev.isola.appserver.ejb;

/**
 * Implemented by every business-view proxy the container hands out, so the container can
 * recognize its own references (when copying values, when passivating a stateful bean that
 * holds references). The method name is chosen not to collide with application methods.
 */
public interface ViewProxy {

    ViewReference isola$viewReference();
}
