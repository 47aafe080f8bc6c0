package dev.isola.domains.control;

/**
 * An admin message the domain isolate refused or could not carry out, with a message for the
 * user (a deployment error names application, module, class and member). Crosses the control
 * link as itself.
 */
public class ControlException extends Exception {

    public ControlException(String message) {
        super(message);
    }
}
