package dev.isola.mvm.isolate.workloads;

/**
 * A spare's warm-up: leaves a mark the purpose it is taken over for can see (the same JVM), and
 * returns. With the argument {@code fail} it throws instead, as a broken warm-up would.
 */
public final class WarmUp {
    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("fail")) {
            throw new IllegalStateException("no database to warm up with");
        }
        System.setProperty("test.warmed.by", "WarmUp in pid " + ProcessHandle.current().pid());
    }
}
