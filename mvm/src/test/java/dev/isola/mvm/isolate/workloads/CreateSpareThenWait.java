package dev.isola.mvm.isolate.workloads;

import dev.isola.mvm.image.Image;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.OrphanPolicy;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An isolate that keeps a spare: starts a {@link WarmUp} spare whose orphan policy is EXIT and,
 * when args[0] is {@code take}, takes it over for a {@link WaitForever} that keeps running as an
 * orphan; writes the spare's id to the file args[1] once that is done, then waits.
 */
public final class CreateSpareThenWait {
    public static void main(String[] args) throws Exception {
        Image image = Image.ofCurrentJvm("test");
        Isolate spare = new Isolate(IsolateSpec.builder(WarmUp.class.getName()).name("spare").image(image)
                .orphanPolicy(OrphanPolicy.EXIT).build()).startSpare();
        spare.spareReady().join();
        if (args[0].equals("take")) {
            spare.takeOver(IsolateSpec.builder(WaitForever.class.getName()).name("taken").image(image)
                    .orphanPolicy(OrphanPolicy.KEEP_RUNNING).build()).start();
        }
        Files.writeString(Path.of(args[1]), spare.id());
        Thread.sleep(Long.MAX_VALUE);
    }
}
