package dev.isola.appserver.deploy;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What a deployment has done so far, as the steps that undo it: run in reverse order when the
 * deployment fails half-way and when the application is undeployed, so both leave the same
 * nothing behind. A failing step is logged and the others still run.
 */
final class UndoLog {

    private static final System.Logger LOG = System.getLogger(UndoLog.class.getName());

    private record Step(String what, Runnable action) { }

    private final Deque<Step> steps = new ArrayDeque<>();

    synchronized void push(String what, Runnable action) {
        steps.push(new Step(what, action));
    }

    synchronized void run(String application) {
        while (!steps.isEmpty()) {
            Step s = steps.pop();
            try {
                s.action().run();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "application " + application + ": " + s.what() + " failed: " + e);
            }
        }
    }
}
