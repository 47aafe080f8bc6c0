package dev.isola.mvm.isolate.workloads;

import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.SpareJitReset;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkMessage;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The purpose a spare warmed up with {@code WarmUp compile} is taken over for: waits up to the
 * seconds in its argument for the spare's JIT reset, then sends on its first startup link what
 * came of it and whether the warm-up's compiled {@link WarmUp#SPIN} is still in use, and waits to
 * be stopped.
 */
public final class ReportJitReset {
    public static void main(String[] args) throws InterruptedException {
        Link out = Isolate.current().startupLinks().getFirst();
        String outcome;
        try {
            SpareJitReset.Outcome done = SpareJitReset.done().get(Long.parseLong(args[0]), TimeUnit.SECONDS);
            outcome = "reset " + done.retransformed() + " classes, failed " + done.failed();
        } catch (TimeoutException e) {
            outcome = "no reset";
        } catch (ExecutionException e) {
            outcome = "reset failed: " + e.getCause().getMessage();
        }
        out.send(LinkMessage.of(outcome + "; warm-up's spin compiled: " + System.getProperty("test.spin.sum", "never")
                .replaceAll(".+", "yes") + ", still in use: " + CompiledCode.inUse(WarmUp.SPIN, 4)));
        Thread.sleep(Long.MAX_VALUE);
    }
}
