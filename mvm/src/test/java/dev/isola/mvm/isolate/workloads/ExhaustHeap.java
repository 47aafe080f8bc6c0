package dev.isola.mvm.isolate.workloads;

import java.util.ArrayList;
import java.util.List;

/** Keeps every array it allocates until the heap runs out. */
public final class ExhaustHeap {
    public static void main(String[] args) {
        List<long[]> kept = new ArrayList<>();
        while (true) {
            kept.add(new long[256 * 1024]);
        }
    }
}
