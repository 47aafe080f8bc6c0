package dev.isola.mvm.cli;

import dev.isola.mvm.isolate.MvmHome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * {@code mvm}: looks after the isolates of one mvm home. The home is {@code --home}, else the
 * system property {@code mvm.home} or {@code $MVM_HOME} ({@code bin/mvm} sets it to
 * {@code <repo>/var/mvm}), else {@code ~/.isola/mvm}.
 */
@Command(name = "mvm", mixinStandardHelpOptions = true, version = "mvm 0.1",
        description = "Isolates: JVM processes that share class metadata through their image's AOT cache.",
        subcommands = {PsCommand.class, DemoCommand.class, LogsCommand.class, ImageCommand.class})
final class MvmCommand {

    @Option(names = "--home", paramLabel = "DIR", description = "The mvm home (isolate run directories and image caches).")
    private Path home;

    Path home() {
        return home != null ? home.toAbsolutePath() : MvmHome.resolve();
    }
}
