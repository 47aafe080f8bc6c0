package dev.isola.deploytool;

import java.io.Console;
import java.util.Arrays;
import java.util.Optional;

/**
 * The person at the keyboard, when deploy-tool runs at a terminal: asked before something that
 * cannot be undone, and for passwords that must not be echoed. There is none when deploy-tool
 * runs in a script or with its input or output redirected, so that nothing there waits for an
 * answer no one gives: the commands that would ask say which option to pass instead.
 *
 * <pre>{@code
 * Optional<Terminal> terminal = Terminal.system();           // empty under a pipe or in CI
 * String answer = terminal.orElseThrow().readLine("Purge 3 messages from queue orders of domain shop? [y/N] ");
 * }</pre>
 */
public interface Terminal {

    /** Shows {@code prompt} and returns the line typed, or null if the input ended. */
    String readLine(String prompt);

    /** Shows {@code prompt} and returns what is typed without echoing it, or null if the input ended. */
    char[] readPassword(String prompt);

    /**
     * Asks for a new password twice, without echo, so that a typing slip does not set a password
     * no one knows.
     *
     * @throws ToolException USAGE if the two differ or the input ended; nothing is sent then
     */
    default char[] readNewPassword(String prompt) {
        char[] first = readPassword(prompt);
        char[] second = readPassword("The same again: ");
        try {
            if (first == null || second == null || !Arrays.equals(first, second)) {
                throw new ToolException(ExitCodes.USAGE, "the two passwords typed differ; nothing was changed");
            }
            return first;
        } finally {
            if (second != null) {
                Arrays.fill(second, '\0');
            }
        }
    }

    /** The JVM's console if standard input and output are a terminal (on JDK 25, {@link System#console()} is null otherwise). */
    static Optional<Terminal> system() {
        Console console = System.console();
        if (console == null || !console.isTerminal()) {
            return Optional.empty();
        }
        return Optional.of(new Terminal() {
            @Override
            public String readLine(String prompt) {
                return console.readLine("%s", prompt);
            }

            @Override
            public char[] readPassword(String prompt) {
                return console.readPassword("%s", prompt);
            }
        });
    }

    /** Whether {@code answer} to a {@code [y/N]} question is yes: {@code y} or {@code yes}, in any case; anything else is no. */
    static boolean yes(String answer) {
        if (answer == null) {
            return false;
        }
        String a = answer.strip();
        return a.equalsIgnoreCase("y") || a.equalsIgnoreCase("yes");
    }
}
