package dev.isola.mvm.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.isola.mvm.isolate.IsolateRecord;
import dev.isola.mvm.isolate.IsolateRegistry;
import dev.isola.mvm.probe.Footprint;
import dev.isola.mvm.probe.FootprintProbe;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code mvm ps}: the isolates of the home, one line each, with their memory and class sharing. */
@Command(name = "ps", mixinStandardHelpOptions = true,
        description = {"Lists running isolates: name, pid, image, heap max/young, uptime, PSS, shared and private memory,",
                "and CACHED, the share of loaded classes that came from the image's AOT cache (without one, the JDK's CDS archive)."})
final class PsCommand implements Callable<Integer> {

    @ParentCommand
    private MvmCommand mvm;

    @Option(names = {"-a", "--all"}, description = "Also list isolates that have ended.")
    private boolean all;

    @Option(names = "--json", description = "Print JSON (sizes in bytes) instead of a table.")
    private boolean json;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        List<IsolateRow> rows = rows(mvm.home(), all);
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(rows));
        } else if (rows.isEmpty()) {
            out.println(all ? "no isolates in " + mvm.home() : "no running isolates in " + mvm.home() + " (ps -a lists ended ones)");
        } else {
            out.print(IsolateTable.render(rows, all));
        }
        out.flush();
        return 0;
    }

    /** The rows for the isolates of {@code home}: running ones, or all with {@code all}. */
    static List<IsolateRow> rows(Path home, boolean all) {
        IsolateRegistry registry = IsolateRegistry.open(home);
        List<IsolateRow> rows = new ArrayList<>();
        for (IsolateRecord record : all ? registry.all() : registry.running()) {
            rows.add(IsolateRow.of(record, measure(record)));
        }
        return rows;
    }

    static Optional<Footprint> measure(IsolateRecord record) {
        if (!record.alive() || record.pid() <= 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(FootprintProbe.summary(record.pid()));
        } catch (IOException e) {
            // It ended between the listing and the measurement.
            return Optional.empty();
        }
    }
}
