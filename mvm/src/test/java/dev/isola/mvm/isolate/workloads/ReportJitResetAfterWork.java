package dev.isola.mvm.isolate.workloads;

import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.SpareJitReset;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkMessage;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The purpose of a spare whose JIT reset waits for work: sits idle for the seconds of its first
 * argument, noting whether the reset came meanwhile, then keeps one core busy in {@link #burn}
 * until it comes (for at most the seconds of its second argument), and sends on its first startup
 * link what it saw: {@code idle: no reset; after work: reset N classes, WarmUp among them: B, own
 * class kept: B}. {@link WarmUp}'s code is the warm-up's (with {@code WarmUp compile}, C2 code),
 * this class's code is compiled only after the take-over. Then waits to be stopped.
 */
public final class ReportJitResetAfterWork {
    public static void main(String[] args) throws InterruptedException {
        Link out = Isolate.current().startupLinks().getFirst();
        CompletableFuture<SpareJitReset.Outcome> reset = SpareJitReset.done();
        String idle = outcome(reset, Long.parseLong(args[0]));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.parseLong(args[1]));
        long sink = 0;
        while (!reset.isDone() && System.nanoTime() < deadline) {
            sink = burn(sink);
        }
        // The sum goes nowhere but must look used, or the compiler could drop the work.
        String afterWork = outcome(reset, 0) + (sink == 42 ? " " : "");
        out.send(LinkMessage.of("idle: " + idle + "; after work: " + afterWork));
        Thread.sleep(Long.MAX_VALUE);
    }

    /** The purpose's hot path: compiled, with its own profile, after the take-over. */
    static long burn(long sink) {
        long sum = sink;
        for (int i = 0; i < 1_000_000; i++) {
            sum = sum * 31 + i;
        }
        return sum;
    }

    private static String outcome(CompletableFuture<SpareJitReset.Outcome> reset, long waitSeconds) throws InterruptedException {
        try {
            SpareJitReset.Outcome done = reset.get(waitSeconds, TimeUnit.SECONDS);
            return "reset " + done.retransformed() + " classes, WarmUp among them: " + done.classes().contains(WarmUp.class.getName())
                    + ", own class kept: " + done.keptSinceTakeOver().contains(ReportJitResetAfterWork.class.getName());
        } catch (TimeoutException e) {
            return "no reset";
        } catch (ExecutionException e) {
            return "reset failed: " + e.getCause().getMessage();
        }
    }
}
