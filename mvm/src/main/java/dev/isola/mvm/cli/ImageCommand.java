package dev.isola.mvm.cli;

import dev.isola.mvm.image.AotCache;
import dev.isola.mvm.image.ImageCaches;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.Callable;

/** {@code mvm image list}: the AOT caches recorded in the home. */
@Command(name = "image", mixinStandardHelpOptions = true, description = "Shows the images' AOT caches.",
        subcommands = ImageCommand.ListCaches.class)
final class ImageCommand {

    @ParentCommand
    private MvmCommand mvm;

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "Lists the recorded AOT caches: image, key, size, when recorded, and whether the file still verifies.")
    static final class ListCaches implements Callable<Integer> {

        @ParentCommand
        private ImageCommand image;

        @Spec
        private CommandSpec spec;

        @Override
        public Integer call() {
            ImageCaches caches = ImageCaches.of(image.mvm.home());
            PrintWriter out = spec.commandLine().getOut();
            if (caches.list().isEmpty()) {
                out.println("no AOT caches in " + image.mvm.home());
            }
            for (AotCache cache : caches.list()) {
                out.printf("%-12s %s  %8s  recorded %s in %d ms  %s%n  %s%n", cache.key().image(), cache.key().id(),
                        Sizes.megabytes(cache.size()), cache.createdAt().truncatedTo(ChronoUnit.SECONDS), cache.training().toMillis(),
                        caches.verifies(cache) ? "ok" : "DAMAGED (rebuilt on next use)", cache.file());
            }
            out.flush();
            return 0;
        }
    }
}
