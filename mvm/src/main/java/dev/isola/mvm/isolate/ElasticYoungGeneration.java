package dev.isola.mvm.isolate;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A young generation that grows while an isolate's young collections take a noticeable share of
 * its time and shrinks back once it is idle: the multi-tasking VM's per-isolate new generation,
 * sized by what the isolate does rather than once for all.
 *
 * <p>Why: every page of a young generation is touched within seconds and stays resident, so its
 * size is paid by every isolate, busy or not; but a busy isolate with a small one collects dozens
 * of times a second (a domain serving database queries allocates up to 1.7 GB/s; with 16 MB that
 * cost 6 to 7 % of its time, docs/EVALUATION.md). HotSpot's collectors do not size the young
 * generation by the allocation rate and give nothing back when idle, except one path: after a
 * full collection the serial collector resizes its old generation to keep between
 * {@code MinHeapFreeRatio} and {@code MaxHeapFreeRatio} percent free (both manageable at run
 * time), and then resizes the young generation to the old one's capacity divided by
 * {@code NewRatio}, within {@code NewSize} and {@code MaxNewSize}; shrinking uncommits the pages
 * given up. So the isolate starts with {@link #jvmFlags} (tight free ratios, the young generation
 * at its idle size) and this class's thread, fed by the young collector's accumulated time,
 * switches the ratios and asks for one full collection when {@link YoungGenerationPolicy} says so:
 * roomy ratios let the young generation reach {@code MaxNewSize}, tight ones bring it back.
 * Committed but untouched old-generation pages cost nothing resident.
 *
 * <p>An isolate's start is the burst every isolate has (classes loaded, descriptors parsed, a
 * deployment), so the thread grows the generation first thing, while the heap is a few
 * megabytes and the collection takes milliseconds, and the isolate shrinks it once it is ready
 * ({@link #shrinkToIdle}; or the idle window does). That is what lets the idle size be a small
 * floor (a domain's is 4m): idle, the young generation is what the old one's capacity divided
 * by {@code NewRatio} gives, a few megabytes, and the start does not crawl through it.
 *
 * <p>The same thread collects an idle isolate whose old generation has filled with what a young
 * generation that never grew promoted ({@link YoungGenerationPolicy.Decision#COLLECT}): the
 * serial collector would keep those pages until the old generation is full again. A fixed young
 * generation under the serial collector gets that thread and that collection too, without the
 * resizing.
 *
 * <p>The price is one full collection per switch (tens of milliseconds for a domain's heap), at
 * most every few seconds by the policy's windows. Without explicit collections
 * ({@code -XX:+DisableExplicitGC}) the generation keeps its idle size.
 */
public final class ElasticYoungGeneration {

    private static final System.Logger LOG = System.getLogger(ElasticYoungGeneration.class.getName());

    /** Idle: old generation capacity at most 25 % above its use, hence a young generation at its floor. */
    private static final int IDLE_MIN_FREE = 10;
    private static final int IDLE_MAX_FREE = 20;
    /**
     * Busy: capacity at least ten times the use, and more where that is too little for old capacity / NewRatio to
     * reach MaxNewSize (an isolate that is starting, or whose old generation holds little; {@link #growTo}).
     */
    private static final int BUSY_MIN_FREE = 90;
    private static final int BUSY_MAX_FREE = 95;
    private static final long SAMPLE_MILLIS = 1_000;
    /** Set by {@link #shrinkToIdle}: the watching thread forgets that it had grown the generation. */
    private static volatile boolean forgetGrowth;
    /** Whether {@link #start} was given a busy size: a fixed young generation is only collected, never resized. */
    private static volatile boolean elastic;

    /** Environment variables that override the policy's windows, in seconds (tests use short ones). */
    static final String BUSY_SECONDS_VARIABLE = "MVM_YOUNG_BUSY_SECONDS";
    static final String IDLE_SECONDS_VARIABLE = "MVM_YOUNG_IDLE_SECONDS";

    private ElasticYoungGeneration() {
    }

    /**
     * The young generation's flags. With a {@code busy} size, the flags that make a serial
     * collector's young generation elastic between the two: the initial heap holds the idle young
     * generation and an old generation as large, so that the first resizing leaves the young one
     * at {@code idle}. Without one, {@code -Xmn<idle>}, and with the serial collector the same
     * small initial heap and tight free ratios: the serial collector never shrinks its old
     * generation below its initial size, which is by default the whole heap on a machine with
     * memory to spare, so the pages that an idle collection ({@link #start}) frees would stay
     * resident. Tight ratios cost no collections: the serial collector grows its old generation
     * when a young collection promotes into a full one, it does not collect it.
     */
    public static List<String> jvmFlags(MemorySize idle, Optional<MemorySize> busy, Optional<MemorySize> maxHeap, GarbageCollector collector) {
        long initial = Math.min(2 * idle.bytes(), maxHeap.map(MemorySize::bytes).orElse(Long.MAX_VALUE));
        List<String> flags = new ArrayList<>();
        if (busy.isEmpty()) {
            flags.add("-Xmn" + idle.toJvmArgument());
            if (collector != GarbageCollector.SERIAL) {
                return flags;
            }
        } else {
            if (busy.get().compareTo(idle) <= 0) {
                throw new IllegalArgumentException("the busy young generation " + busy.get() + " must be larger than the idle one " + idle);
            }
            flags.add("-XX:NewSize=" + idle.toJvmArgument());
            flags.add("-XX:MaxNewSize=" + busy.get().toJvmArgument());
        }
        flags.add("-Xms" + MemorySize.ofBytes(initial).toJvmArgument());
        // One full collection must be enough to shrink (by default the serial collector shrinks in steps over four).
        flags.add("-XX:-ShrinkHeapInSteps");
        flags.add("-XX:MinHeapFreeRatio=" + IDLE_MIN_FREE);
        flags.add("-XX:MaxHeapFreeRatio=" + IDLE_MAX_FREE);
        return flags;
    }

    /**
     * Starts watching this JVM's young collections; called by {@link IsolateBootstrap} for an
     * isolate with a serial collector and a set young generation. With a {@code busy} size it
     * resizes the young generation between the two; with a fixed one it only collects an idle
     * isolate's old generation ({@link YoungGenerationPolicy.Decision#COLLECT}), which matters as
     * much there: an admin isolate answering a console, or a JMS isolate forwarding messages,
     * promotes a little at every young collection and, with nothing else to stop it, keeps
     * the old generation's pages up to its whole heap. Everything, the management beans included,
     * happens on the watching thread, so that the isolate's main method does not wait for them.
     */
    static void start(MemorySize idle, Optional<MemorySize> busy) {
        elastic = busy.isPresent();
        Thread.ofPlatform().daemon().name("mvm-young-generation").start(() -> {
            HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (Boolean.parseBoolean(hotspot.getVMOption("DisableExplicitGC").getValue())) {
                LOG.log(System.Logger.Level.WARNING, (elastic ? "young generation stays at " + idle : "an idle old generation is not collected")
                        + ": -XX:+DisableExplicitGC forbids the full collections that " + (elastic ? "resize it" : "give its pages back"));
                return;
            }
            Optional<GarbageCollectorMXBean> young = youngCollector();
            if (young.isEmpty()) {
                LOG.log(System.Logger.Level.WARNING, "young generation stays as it is: no young collector found (it needs the serial collector)");
                return;
            }
            YoungGenerationPolicy policy = new YoungGenerationPolicy(YoungGenerationPolicy.DEFAULT.busyShare(),
                    seconds(BUSY_SECONDS_VARIABLE, YoungGenerationPolicy.DEFAULT.busySamples()),
                    YoungGenerationPolicy.DEFAULT.idleShare(), seconds(IDLE_SECONDS_VARIABLE, YoungGenerationPolicy.DEFAULT.idleSamples()),
                    YoungGenerationPolicy.DEFAULT.idleCollectionBytes());
            Optional<MemoryPoolMXBean> old = oldGeneration();
            YoungGenerationPolicy.Tracker tracker = policy.tracker(elastic);
            // A start is a burst (classes, descriptors, a deployment): it runs at the busy size, unless it is over already.
            if (elastic && !forgetGrowth) {
                growTo(hotspot, old, busy.get(), "grown to " + busy.get() + " for the isolate's start", 0);
                tracker.startGrown();
            }
            watch(young.get(), old, tracker, hotspot, idle, busy.orElse(idle));
        });
    }

    private static void watch(GarbageCollectorMXBean young, Optional<MemoryPoolMXBean> old, YoungGenerationPolicy.Tracker tracker,
                              HotSpotDiagnosticMXBean hotspot, MemorySize idle, MemorySize busy) {
        long lastTime = young.getCollectionTime();
        long lastNanos = System.nanoTime();
        while (true) {
            try {
                Thread.sleep(SAMPLE_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            long time = young.getCollectionTime();
            long nanos = System.nanoTime();
            double share = (time - lastTime) / ((nanos - lastNanos) / 1e6);
            if (forgetGrowth) {
                forgetGrowth = false;
                tracker.reset();
            }
            switch (tracker.sample(share, old.map(ElasticYoungGeneration::growthSinceLastCollection).orElse(0L))) {
                case GROW -> growTo(hotspot, old, busy, "grown towards " + busy, share);
                case SHRINK -> resize(hotspot, IDLE_MIN_FREE, IDLE_MAX_FREE, "shrunk towards " + idle, share);
                case COLLECT -> collectIdle(old.orElseThrow());
                case STAY -> { }
            }
            // The next sample starts now, after the full collection of a resize if there was one (it is not a young one).
            lastTime = young.getCollectionTime();
            lastNanos = System.nanoTime();
        }
    }

    /**
     * Collects the heap now, with the young generation at its idle size, rather than after the
     * idle window: for a spare whose warm-up made it grow, before it waits (or is frozen) for
     * minutes with pages it no longer needs; and for an isolate whose start is over, so that what
     * the start left in the old generation (parsed descriptors, class-file buffers) does not sit
     * there until it next fills. One full collection, tens of milliseconds for a domain's heap.
     * Without an elastic generation it only collects (with a fixed one under the serial collector,
     * whose flags make that collection give the old generation's free pages back).
     */
    public static void shrinkToIdle() {
        if (!elastic) {
            System.gc();
            return;
        }
        forgetGrowth = true;
        resize(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class), IDLE_MIN_FREE, IDLE_MAX_FREE, "shrunk to its idle size", 0);
    }

    /**
     * Grows the young generation towards {@code busy}: free ratios that make the old generation's capacity after the
     * collection at least {@code busy} times {@code NewRatio} (the serial collector sizes the young generation at the
     * old one's capacity divided by it), and at least the busy ratios.
     */
    private static void growTo(HotSpotDiagnosticMXBean hotspot, Optional<MemoryPoolMXBean> old, MemorySize busy, String what, double share) {
        long oldUsed = old.map(pool -> pool.getUsage().getUsed()).orElse(0L);
        long wanted = busy.bytes() * Long.parseLong(hotspot.getVMOption("NewRatio").getValue());
        int minFree = (int) Math.min(99, Math.max(BUSY_MIN_FREE, Math.ceil(100.0 - 100.0 * oldUsed / wanted)));
        resize(hotspot, minFree, Math.max(BUSY_MAX_FREE, minFree + 1), what, share);
    }

    private static void resize(HotSpotDiagnosticMXBean hotspot, int minFree, int maxFree, String what, double share) {
        long before = youngCommitted();
        try {
            // MinHeapFreeRatio may never exceed MaxHeapFreeRatio, so the order depends on the direction.
            if (minFree > Integer.parseInt(hotspot.getVMOption("MaxHeapFreeRatio").getValue())) {
                hotspot.setVMOption("MaxHeapFreeRatio", Integer.toString(maxFree));
                hotspot.setVMOption("MinHeapFreeRatio", Integer.toString(minFree));
            } else {
                hotspot.setVMOption("MinHeapFreeRatio", Integer.toString(minFree));
                hotspot.setVMOption("MaxHeapFreeRatio", Integer.toString(maxFree));
            }
        } catch (IllegalArgumentException e) {
            LOG.log(System.Logger.Level.WARNING, "young generation not resized: " + e.getMessage());
            return;
        }
        long begin = System.nanoTime();
        System.gc();
        LOG.log(System.Logger.Level.INFO, String.format(java.util.Locale.ROOT,
                "young generation %s: %.1f MB -> %.1f MB (young collections took %.1f%% of the last second; full collection %d ms)",
                what, before / 1048576.0, youngCommitted() / 1048576.0, share * 100, (System.nanoTime() - begin) / 1_000_000));
    }

    /**
     * Collects an idle isolate's old generation, which its young one filled with what it promoted
     * ({@link YoungGenerationPolicy.Decision#COLLECT}); with the idle free ratios in force, the
     * collector then gives back the old generation's pages beyond a fifth above what is live.
     */
    private static void collectIdle(MemoryPoolMXBean old) {
        long before = old.getUsage().getCommitted();
        long begin = System.nanoTime();
        System.gc();
        LOG.log(System.Logger.Level.INFO, String.format(java.util.Locale.ROOT,
                "old generation collected while idle: %.1f MB -> %.1f MB committed, %.1f MB live (full collection %d ms)",
                before / 1048576.0, old.getUsage().getCommitted() / 1048576.0, old.getUsage().getUsed() / 1048576.0,
                (System.nanoTime() - begin) / 1_000_000));
    }

    /** What the old generation uses beyond what its last full collection left in it: garbage, most of it, in an idle isolate. */
    private static long growthSinceLastCollection(MemoryPoolMXBean old) {
        MemoryUsage afterLast = old.getCollectionUsage();
        return old.getUsage().getUsed() - (afterLast == null ? 0 : afterLast.getUsed());
    }

    /** The serial collector's old generation. */
    private static Optional<MemoryPoolMXBean> oldGeneration() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(pool -> pool.getName().contains("Tenured")).findFirst();
    }

    /** The collector that manages the eden space but not the old generation: the serial collector's young one. */
    private static Optional<GarbageCollectorMXBean> youngCollector() {
        Optional<String> oldPool = oldGeneration().map(MemoryPoolMXBean::getName);
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .filter(gc -> List.of(gc.getMemoryPoolNames()).stream().anyMatch(pool -> pool.contains("Eden")))
                .filter(gc -> oldPool.isEmpty() || !List.of(gc.getMemoryPoolNames()).contains(oldPool.get()))
                .findFirst();
    }

    private static long youngCommitted() {
        return ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getName().contains("Eden") || pool.getName().contains("Survivor"))
                .mapToLong(pool -> pool.getUsage().getCommitted()).sum();
    }

    private static int seconds(String variable, int otherwise) {
        String value = System.getenv(variable);
        if (value == null || value.isBlank()) {
            return otherwise;
        }
        try {
            int seconds = Integer.parseInt(value.trim());
            if (seconds >= 1) {
                return seconds;
            }
        } catch (NumberFormatException e) {
            // fall through to the warning
        }
        LOG.log(System.Logger.Level.WARNING, variable + "='" + value + "' is not a whole number of seconds >= 1; using " + otherwise);
        return otherwise;
    }
}
