package dev.isola.mvm.isolate.workloads;

/** Calls {@code System.exit} with the status given as its argument. */
public final class ExitWithStatus {
    public static void main(String[] args) {
        System.exit(Integer.parseInt(args[0]));
    }
}
