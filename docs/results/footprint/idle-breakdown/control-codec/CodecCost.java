import dev.isola.mvm.link.codec.ClassAllowList;
import dev.isola.mvm.link.codec.ObjectCodec;
import dev.isola.mvm.link.codec.Serializers;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What the links' object codec (Apache Fory) adds to an isolate that already has an idle domain's
 * other classes: loads (without initializing) the classes listed in args[0], which measure.sh takes
 * from an idle domain minus Fory's and the hidden and array classes, then round-trips a status
 * record like the control link's replies {@code trips} times (system property, default 5) with
 * interpreted serializers, as control links have them. Prints the class count, heap, metaspace and
 * smaps_rollup's PSS and private dirty memory before and after, each after full collections.
 */
public class CodecCost {
    public record Status(String name, String phase, List<String> applications, Map<String, Long> times, Instant at)
            implements java.io.Serializable {
    }

    public static void main(String[] args) throws Exception {
        int loaded = 0;
        for (String name : Files.readAllLines(Path.of(args[0]))) {
            try {
                Class.forName(name, false, CodecCost.class.getClassLoader());
                loaded++;
            } catch (ClassNotFoundException | LinkageError e) {
                // Classes of the domain's own loaders (none of an idle domain's matter here).
            }
        }
        System.out.println("preloaded " + loaded + " classes of an idle domain");
        snapshot("before the codec");
        ObjectCodec.Encoder encoder = ObjectCodec.newEncoder(CodecCost.class.getClassLoader(), Serializers.INTERPRETED);
        ObjectCodec.Decoder decoder = ObjectCodec.newDecoder(ClassAllowList.defaults().allow(Status.class.getName()),
                CodecCost.class.getClassLoader(), Serializers.INTERPRETED);
        for (int i = 0; i < Integer.getInteger("trips", 5); i++) {
            int length = encoder.encode(new Status("domain" + i, "READY", List.of("petstore"), Map.of("readyMillis", 300L), Instant.now()), 0);
            decoder.decode(Arrays.copyOf(encoder.array(), length), 0, length);
        }
        snapshot("after the codec ");
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
        System.out.printf("%s: %d classes, heap used %.2f MB, metaspace committed %.2f MB%s%n", what,
                ManagementFactory.getClassLoadingMXBean().getLoadedClassCount(), heap / 1048576.0, metaspace / 1048576.0, smaps);
    }
}
