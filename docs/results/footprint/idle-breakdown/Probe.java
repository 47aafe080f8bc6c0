import dev.isola.mvm.probe.*;
public class Probe {
    public static void main(String[] a) throws Exception {
        System.out.printf("%-8s %-28s %8s %8s %8s %8s %8s %8s%n","pid","name","pss","heap","meta","metaPriv","code","other");
        for (int i = 0; i < a.length; i += 2) {
            long pid = Long.parseLong(a[i]);
            Footprint f = FootprintProbe.detailed(pid);
            Breakdown b = f.breakdown().orElseThrow();
            double m = 1024*1024;
            System.out.printf("%-8d %-28s %8.1f %8.1f %8.1f %8.1f %8.1f %8.1f%n", pid, a[i+1], f.total().pss()/m,
                b.of(Category.JAVA_HEAP).pss()/m, b.of(Category.CLASS_METADATA).pss()/m, b.of(Category.CLASS_METADATA).privateBytes()/m,
                b.of(Category.CODE_CACHE).pss()/m, b.of(Category.OTHER).pss()/m);
        }
    }
}
