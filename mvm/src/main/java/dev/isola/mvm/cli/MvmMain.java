package dev.isola.mvm.cli;

import picocli.CommandLine;

/** Entry point of {@code bin/mvm}. */
public final class MvmMain {

    private MvmMain() {
    }

    public static void main(String[] args) {
        // One line per log event, as everywhere in the runtime.
        if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
            System.setProperty("java.util.logging.SimpleFormatter.format", "mvm %4$s: %5$s%6$s%n");
        }
        System.exit(commandLine().execute(args));
    }

    /** The command tree, also used by tests to run commands in-process. */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new MvmCommand());
        // Expected failures (a build that did not work, an isolate that did not start) are
        // reported in one line; their messages name what went wrong.
        commandLine.setExecutionExceptionHandler((e, cl, parsed) -> {
            Throwable cause = e instanceof java.util.concurrent.ExecutionException && e.getCause() != null ? e.getCause() : e;
            cl.getErr().println("mvm " + String.join(" ", parsed.originalArgs()) + ": " + cause.getMessage());
            cl.getErr().flush();
            return 1;
        });
        return commandLine;
    }
}
