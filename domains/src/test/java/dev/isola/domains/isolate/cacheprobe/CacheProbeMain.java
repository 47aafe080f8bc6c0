package dev.isola.domains.isolate.cacheprobe;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The JVM of {@code WarmUpArchiveCacheIT}: loads {@link Greeting} from each archive named on the
 * command line, in order, each time through a class loader of its own (as every deployment of an
 * application gets one), and prints what each instance says. The loaders stay reachable to the end,
 * as a domain's application stays deployed.
 */
public final class CacheProbeMain {

    private CacheProbeMain() {
    }

    public static void main(String[] archives) throws Exception {
        List<ClassLoader> loaders = new ArrayList<>();
        for (int i = 0; i < archives.length; i++) {
            URLClassLoader loader = new URLClassLoader("loader-" + i, new URL[]{Path.of(archives[i]).toUri().toURL()},
                    ClassLoader.getPlatformClassLoader());
            loaders.add(loader);
            Object greeting = loader.loadClass("dev.isola.domains.isolate.cacheprobe.Greeting").getConstructor().newInstance();
            @SuppressWarnings("unchecked")
            String said = ((Supplier<String>) greeting).get();
            System.out.println("said: " + said);
        }
        System.out.println("loaders: " + loaders.size());
    }
}
