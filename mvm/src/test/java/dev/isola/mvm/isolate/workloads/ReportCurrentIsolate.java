package dev.isola.mvm.isolate.workloads;

import dev.isola.mvm.isolate.Isolate;

/** Prints what {@link Isolate#current()} says about the isolate it runs in. */
public final class ReportCurrentIsolate {
    public static void main(String[] args) {
        Isolate self = Isolate.current();
        System.out.println("name=" + self.name() + " id=" + self.id() + " pid=" + self.pid() + " self=" + ProcessHandle.current().pid());
    }
}
