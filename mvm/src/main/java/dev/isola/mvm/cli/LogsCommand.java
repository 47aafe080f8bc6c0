package dev.isola.mvm.cli;

import dev.isola.mvm.isolate.IsolateRecord;
import dev.isola.mvm.isolate.IsolateRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code mvm logs <isolate>}: the end of an isolate's output. */
@Command(name = "logs", mixinStandardHelpOptions = true, description = "Prints the last lines an isolate wrote to stdout (or stderr).")
final class LogsCommand implements Callable<Integer> {

    @ParentCommand
    private MvmCommand mvm;

    @Parameters(paramLabel = "ISOLATE", description = "The isolate's id, or its name (the most recent isolate of that name).")
    private String isolate;

    @Option(names = "--stderr", description = "Print the standard error instead of the standard output.")
    private boolean stderr;

    @Option(names = {"-n", "--lines"}, paramLabel = "N", defaultValue = "40", description = "How many lines (default ${DEFAULT-VALUE}).")
    private int lines;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        IsolateRegistry registry = IsolateRegistry.open(mvm.home());
        List<IsolateRecord> all = registry.all();
        IsolateRecord record = registry.find(isolate).orElseGet(() -> all.stream()
                .filter(r -> r.name().equals(isolate)).reduce((first, later) -> later).orElse(null));
        if (record == null) {
            spec.commandLine().getErr().println("no isolate with id or name '" + isolate + "' in " + mvm.home() + " (see mvm ps -a)");
            return 1;
        }
        Path log = stderr ? record.stderrLog() : record.stdoutLog();
        PrintWriter out = spec.commandLine().getOut();
        if (Files.exists(log)) {
            List<String> text = Files.readAllLines(log, StandardCharsets.UTF_8);
            text.subList(Math.max(0, text.size() - Math.max(0, lines)), text.size()).forEach(out::println);
        }
        out.flush();
        return 0;
    }
}
