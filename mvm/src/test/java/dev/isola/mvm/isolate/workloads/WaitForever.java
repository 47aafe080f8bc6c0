package dev.isola.mvm.isolate.workloads;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Waits until it is stopped. With an argument, a shutdown hook writes "hook ran" to that
 * file, which tells an orderly exit from a halt; the file {@code <argument>.ready} appears
 * once the hook is in place (the isolate is "started" before its main method runs).
 */
public final class WaitForever {
    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            Path marker = Path.of(args[0]);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    Files.writeString(marker, "hook ran");
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            }));
            Files.writeString(Path.of(args[0] + ".ready"), "ready");
        }
        Thread.sleep(Long.MAX_VALUE);
    }
}
