package dev.isola.mvm.isolate.workloads;

/** Prints its arguments and returns, so the isolate ends because its main method ended. */
public final class ReturnFromMain {
    public static void main(String[] args) {
        System.out.println("arguments=" + String.join(",", args) + " property=" + System.getProperty("test.property"));
    }
}
