import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the foreign function API's downcalls (mvm's Futex, for the shared-memory transport's
 * wake-ups, and PeerExitWatch, pidfd and poll) add to an isolate that already has an idle
 * domain's other classes: loads (without initializing) the classes listed in args[0], which
 * measure.sh takes from an idle domain minus the foreign function API's, Futex's and
 * PeerExitWatch's and the hidden and array classes; then initializes Futex and PeerExitWatch
 * (which link their downcall handles, and start the exit watch's thread) and wakes a futex once.
 * Prints the class count, heap, metaspace and smaps_rollup's PSS and private dirty memory before
 * and after, each after full collections.
 */
public class NativeCallCost {

    public static void main(String[] args) throws Exception {
        ClassLoader loader = NativeCallCost.class.getClassLoader();
        int loaded = 0;
        for (String name : Files.readAllLines(Path.of(args[0]))) {
            try {
                Class.forName(name, false, loader);
                loaded++;
            } catch (ClassNotFoundException | LinkageError e) {
                // Classes of the domain's own loaders (none of an idle domain's matter here).
            }
        }
        System.out.println("preloaded " + loaded + " classes of an idle domain");
        snapshot("before the downcalls");
        Class<?> futex = Class.forName("dev.isola.mvm.link.Futex", true, loader);
        Class.forName("dev.isola.mvm.link.PeerExitWatch", true, loader);
        Method wake = futex.getDeclaredMethod("wake", MemorySegment.class);
        wake.setAccessible(true);
        try (Arena arena = Arena.ofShared()) {
            MemorySegment word = arena.allocate(4, 4);
            for (int i = 0; i < 5; i++) {
                wake.invoke(null, word);
            }
        }
        snapshot("after the downcalls ");
    }

    private static void snapshot(String what) throws Exception {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(300);
        }
        Thread.sleep(1500);
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        long metaspace = ManagementFactory.getMemoryPoolMXBeans().stream().filter(pool -> pool.getName().equals("Metaspace"))
                .mapToLong(pool -> pool.getUsage().getCommitted()).sum();
        StringBuilder smaps = new StringBuilder();
        for (String line : Files.readAllLines(Path.of("/proc/self/smaps_rollup"))) {
            if (line.startsWith("Pss:") || line.startsWith("Private_Dirty:")) {
                smaps.append(", ").append(line.replaceAll("\\s+", " "));
            }
        }
        System.out.printf("%s: %d classes, threads %d, heap used %.2f MB, metaspace committed %.2f MB%s%n", what,
                ManagementFactory.getClassLoadingMXBean().getLoadedClassCount(), Thread.activeCount(), heap / 1048576.0,
                metaspace / 1048576.0, smaps);
    }
}
