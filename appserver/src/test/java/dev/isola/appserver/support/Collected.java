package dev.isola.appserver.support;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;

/** Waits for the garbage collector to clear a reference, as an undeployed application's class loader must be. */
public final class Collected {

    private Collected() {
    }

    /** Whether {@code ref} was cleared within about five seconds of collections under some allocation pressure. */
    public static boolean await(WeakReference<?> ref) throws InterruptedException {
        List<byte[]> pressure = new ArrayList<>();
        for (int i = 0; i < 100 && ref.get() != null; i++) {
            System.gc();
            pressure.add(new byte[1 << 20]);
            if (pressure.size() > 64) {
                pressure.clear();
            }
            Thread.sleep(50);
        }
        return ref.get() == null;
    }
}
