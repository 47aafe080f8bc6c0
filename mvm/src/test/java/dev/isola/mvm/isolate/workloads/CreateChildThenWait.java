package dev.isola.mvm.isolate.workloads;

import dev.isola.mvm.image.Image;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.OrphanPolicy;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An isolate that creates an isolate: starts a {@link WaitForever} child with the orphan
 * policy named in args[0], writes the child's id to the file args[1], then waits.
 */
public final class CreateChildThenWait {
    public static void main(String[] args) throws Exception {
        Isolate child = new Isolate(IsolateSpec.builder(WaitForever.class.getName())
                .name("orphan-candidate")
                .image(Image.ofCurrentJvm("test"))
                .orphanPolicy(OrphanPolicy.valueOf(args[0]))
                .build()).start();
        Files.writeString(Path.of(args[1]), child.id());
        Thread.sleep(Long.MAX_VALUE);
    }
}
