package dev.isola.mvm.isolate.workloads;

import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkMessage;

/**
 * Sends, on its first startup link, what it knows of itself (its isolate's name, its arguments
 * and what a warm-up left in the JVM), then waits to be stopped.
 */
public final class ReportOverLink {
    public static void main(String[] args) throws InterruptedException {
        Link out = Isolate.current().startupLinks().getFirst();
        out.send(LinkMessage.of("name=" + Isolate.current().name() + " args=" + String.join(",", args)
                + " warmed=" + System.getProperty("test.warmed.by", "no")));
        Thread.sleep(Long.MAX_VALUE);
    }
}
