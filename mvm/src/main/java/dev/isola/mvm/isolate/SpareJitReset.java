package dev.isola.mvm.isolate;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Makes a taken-over spare forget what its warm-up taught the JIT compiler, so that the purpose
 * it now serves is compiled from its own profiles, as in a JVM started cold for it.
 *
 * <p>Why: a spare's warm-up runs the server's code (and a throwaway application) before the
 * purpose exists. HotSpot keeps for the life of the process the type profiles, invocation counts
 * and compiled code that warm-up leaves, and compiles the purpose's hot paths on top of them: in
 * the throughput benchmark, domains started from spares served 5 to 6 % less than domains started
 * cold, over twenty rounds and after five minutes of warm-up, with half again as many compiled
 * methods and their C2 compiler busier (docs/results/throughput/thaw-gap-profile/). HotSpot has no
 * switch to drop a method's profile, but redefining a class (JVMTI, {@link
 * Instrumentation#retransformClasses}) gives its methods new versions with no profile and no
 * counts, and deoptimizes the compiled code that depended on the old ones; with the class's own
 * bytes the redefinition changes nothing else (statics, objects and running frames stay).
 *
 * <p>When: once the purpose is busy, that is has used {@link #CPU_PROPERTY} of processor time
 * within a minute ({@link RecentCpu}; 10 s by default), and no sooner than {@link
 * #DELAY_PROPERTY} after the take-over (5 s). The reset pays only where throughput matters, and
 * costs memory for good (below); a domain that starts, deploys its applications and serves a few
 * hundred pages uses some 2 to 3 s, and an idle one 3 ms a second, so a quiet domain keeps its
 * warm-up's code and its memory, and does not take a core from the next domain's start, while a
 * busy one passes 10 s within seconds. Then this loads itself
 * as a Java agent ({@code jcmd <own pid> JVMTI.agent_load}) and retransforms the classes of the
 * class path (the server's and its libraries') that have a method with profiled code or code
 * compiled from a profile (tiers 2 to 4 in {@code Compiler.codelist}) compiled before the
 * take-over: those are the methods whose profile is the warm-up's. A class whose code was all
 * compiled for the purpose carries the purpose's own profile, as in a cold JVM, and is left alone;
 * so is every class without profiled code, because redefining costs memory: a redefined class's new
 * methods and constant pool are the process's own, no longer shared from the AOT cache (all ~5,000
 * of the server's classes: some 30 MB of metaspace per domain). Which code is the warm-up's comes
 * from compile ids, which HotSpot hands out in order: the take-over notes how many compilations
 * the JVM had made and which method it compiled last ({@link CompilerCounters}), and the reset
 * takes the code with an id up to {@link #warmUpBoundary}. The JDK's classes keep their
 * state (a cold JVM's JDK is trained by its own boot as much as the spare's was), and so do the
 * applications' classes: the purpose's class loaders load them after the take-over, with nothing
 * of the warm-up in them.
 *
 * <p>What it costs: once, a second or two of one core's time (two short {@code jcmd} processes,
 * {@link Jcmd}, and the redefinition, in a pause at a safepoint); for good, the metadata above,
 * some 22 MB for a domain after 8,000 Pet Store pages (30 MB when every class with profiled code
 * was redefined; which is why the admin isolate asks for the reset only with {@code
 * --reset-spare-jit-state}). A class that cannot be redefined fails
 * alone and is named in the log. Set {@value #DELAY_PROPERTY} to
 * {@code off} to keep the warm-up's JIT state, and {@value #CPU_PROPERTY} to {@code PT0S} to reset
 * after the delay whatever the purpose did; a JVM started with
 * {@code -XX:-EnableDynamicAgentLoading} keeps its state too (logged).
 */
public final class SpareJitReset {

    /** When to reset after the take-over: an ISO-8601 duration ({@code PT5S}) or {@code off}. */
    public static final String DELAY_PROPERTY = IsolateSpec.SPARE_PROPERTY_PREFIX + "jitReset";
    static final Duration DEFAULT_DELAY = Duration.ofSeconds(5);
    /**
     * The processor time the purpose must have used within {@link #CPU_WINDOW} before the reset: an
     * ISO-8601 duration ({@code PT10S}, a sixth of a core over the minute).
     */
    public static final String CPU_PROPERTY = IsolateSpec.SPARE_PROPERTY_PREFIX + "jitResetAfterCpu";
    static final Duration DEFAULT_CPU = Duration.ofSeconds(10);
    /** How far back {@link #CPU_PROPERTY} counts. */
    static final Duration CPU_WINDOW = Duration.ofMinutes(1);
    /** How often the purpose's processor time is read while it is not busy. */
    private static final Duration CPU_POLL = Duration.ofMillis(500);
    /**
     * The tiers of {@code Compiler.codelist} whose code was compiled with or from a profile ({@link
     * CompiledMethod#profiled}): tier 1 is C1 without a profile, for trivial methods, and tier 0 the
     * JVM's native wrappers.
     */
    private static final Set<String> PROFILED_TIERS = Set.of("2", "3", "4");

    private static final System.Logger LOG = System.getLogger(SpareJitReset.class.getName());
    private static volatile Instrumentation instrumentation;
    private static final CompletableFuture<Outcome> DONE = new CompletableFuture<>();

    /**
     * What one reset did: the {@code classes} it retransformed (by name), those that {@code
     * failed}, the classes with profiled code compiled only after the take-over it left alone
     * ({@code keptSinceTakeOver}, by name), and the highest compile id it took for the warm-up's
     * ({@code warmUpIds}; when the JVM publishes no compile count, {@link Long#MAX_VALUE}: every class
     * with profiled code is then reset, and none kept).
     */
    public record Outcome(Set<String> classes, List<String> failed, Set<String> keptSinceTakeOver, long warmUpIds, Duration took) {
        /** How many classes it retransformed. */
        public int retransformed() {
            return classes.size();
        }
    }

    private SpareJitReset() {
    }

    /** The agent's entry point, called by the JVM when {@link #reset} loads it. */
    public static void agentmain(String options, Instrumentation given) {
        instrumentation = given;
    }

    /** Completes once this isolate's reset is over (never in an isolate that was no spare or has it off). */
    public static CompletableFuture<Outcome> done() {
        return DONE;
    }

    /**
     * Schedules the reset of a spare just taken over, unless {@link #DELAY_PROPERTY} turns it off:
     * after the delay, once the purpose has used {@link #CPU_PROPERTY} of processor time within
     * {@link #CPU_WINDOW}.
     */
    static void scheduleAfterTakeOver(IsolateDirectory directory) {
        String setting = System.getProperty(DELAY_PROPERTY, DEFAULT_DELAY.toString());
        if (setting.equalsIgnoreCase("off")) {
            return;
        }
        Duration delay;
        Duration work;
        try {
            delay = parse(DELAY_PROPERTY, setting, "neither an ISO-8601 duration such as PT5S nor off");
            work = parse(CPU_PROPERTY, System.getProperty(CPU_PROPERTY, DEFAULT_CPU.toString()), "not an ISO-8601 duration such as PT10S");
        } catch (IllegalArgumentException e) {
            LOG.log(System.Logger.Level.WARNING, "JIT state kept from before the take-over: " + e.getMessage());
            return;
        }
        RecentCpu recent = new RecentCpu(CPU_WINDOW, System.nanoTime(), ownCpuTime());
        Optional<CompilerCounters> atTakeOver = CompilerCounters.ofThisJvm();
        Thread.ofPlatform().daemon().name("mvm-spare-jit-reset").start(() -> {
            try {
                Thread.sleep(delay);
                Duration worked = recent.add(System.nanoTime(), ownCpuTime());
                while (worked.compareTo(work) < 0) {
                    Thread.sleep(CPU_POLL);
                    worked = recent.add(System.nanoTime(), ownCpuTime());
                }
                Outcome outcome = reset(directory.path(), atTakeOver);
                LOG.log(System.Logger.Level.INFO, String.format(Locale.ROOT,
                        "JIT reset after the take-over, the purpose having used %.1f s of CPU in %d s: %d classes retransformed in %d ms%s%s",
                        worked.toMillis() / 1000.0, CPU_WINDOW.toSeconds(), outcome.retransformed(), outcome.took().toMillis(),
                        outcome.warmUpIds() == Long.MAX_VALUE ? " (no compile count published, so all classes with profiled code)"
                                : " (compiled before the take-over: ids up to " + outcome.warmUpIds() + "), "
                                + outcome.keptSinceTakeOver().size() + " compiled since the take-over kept",
                        outcome.failed().isEmpty() ? "" : "; could not redefine " + outcome.failed()));
                DONE.complete(outcome);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                DONE.completeExceptionally(e);
            } catch (Exception | LinkageError e) {
                LOG.log(System.Logger.Level.WARNING, "JIT state kept from before the take-over: " + e.getMessage());
                DONE.completeExceptionally(e);
            }
        });
    }

    private static Duration parse(String property, String value, String whatItIsNot) {
        try {
            return Duration.parse(value);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(property + "=" + value + " is " + whatItIsNot, e);
        }
    }

    /**
     * This process's processor time, all threads together, from {@code /proc/self/stat}: not from
     * {@link ProcessHandle.Info#totalCpuDuration}, which is empty in a process restored by CRIU (a
     * thawed spare), since the JDK then finds a start time other than the one it knew and takes the
     * process for another. Where {@code /proc} cannot tell, the time since the JVM started stands in
     * for it, so that the reset comes that long after the take-over rather than never.
     */
    private static Duration ownCpuTime() {
        try {
            return cpuTimeOfStat(Files.readString(Path.of("/proc/self/stat")));
        } catch (IOException | RuntimeException e) {
            return Duration.ofMillis(ManagementFactory.getRuntimeMXBean().getUptime());
        }
    }

    /**
     * The user and system time in a {@code /proc/<pid>/stat} line ({@code pid (comm) state ...},
     * fields 14 and 15, in clock ticks of 1/100 s, which Linux gives user space whatever its
     * internal tick). The command name in parentheses may hold spaces and parentheses, so fields
     * are counted from the last closing one.
     */
    static Duration cpuTimeOfStat(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        // fields[0] is field 3 (state): utime is field 14, stime field 15.
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        return Duration.ofMillis(ticks * 10);
    }

    /**
     * The highest compile id of the warm-up's code, in {@code compiled} (the code list now), by
     * {@code atTakeOver} (the counters at the take-over) and {@code compilationsNow}. HotSpot gives
     * every compilation task an id when it queues it and drops some tasks unrun (a method compiled
     * meanwhile at another tier, for one), so by the take-over the ids had run ahead of the count by
     * the ids dropped until then, which no counter tells. The method the JVM compiled last before
     * the take-over, found in the code list with an id not below the count, has the id sought (give
     * or take the one or two compilations its other compiler thread finished out of order). When
     * that code is gone (recompiled, or flushed), the count plus every id dropped so far, before
     * the take-over or since, is taken, which errs towards counting a few of the purpose's first
     * compilations as the warm-up's (a class reset that needed none) rather than missing the
     * warm-up's last ones, its hottest methods' C2 code.
     */
    static long warmUpBoundary(CompilerCounters atTakeOver, long compilationsNow, List<CompiledMethod> compiled) {
        long highest = compiled.stream().mapToLong(CompiledMethod::compileId).max().orElse(0);
        long upper = atTakeOver.count() + Math.max(0, highest - compilationsNow);
        OptionalLong last = atTakeOver.lastMethod().map(name -> compiled.stream()
                .filter(method -> method.compileId() >= atTakeOver.count() && method.compileId() <= upper && method.name().equals(name))
                .mapToLong(CompiledMethod::compileId).max()).orElse(OptionalLong.empty());
        return last.orElse(upper);
    }

    private static Outcome reset(Path directory, Optional<CompilerCounters> atTakeOver) throws IOException, InterruptedException {
        long started = System.nanoTime();
        Instrumentation inst = loadAgent(directory);
        Jcmd.Result codeList = Jcmd.run(directory, "Compiler.codelist");
        if (codeList.exitCode() != 0) {
            throw new IOException("jcmd Compiler.codelist failed (exit " + codeList.exitCode() + "): " + codeList.output().strip());
        }
        List<CompiledMethod> compiled = compiledCode(codeList.output());
        long boundary = Long.MAX_VALUE;
        Optional<CompilerCounters> now = CompilerCounters.ofThisJvm();
        if (atTakeOver.isPresent() && now.isPresent()) {
            boundary = warmUpBoundary(atTakeOver.get(), now.get().count(), compiled);
        }
        Set<String> warmUps = new HashSet<>();
        Set<String> purposes = new HashSet<>();
        for (CompiledMethod method : compiled) {
            if (method.profiled()) {
                (method.compileId() <= boundary ? warmUps : purposes).add(method.className());
            }
        }
        ClassLoader classPath = ClassLoader.getSystemClassLoader();
        List<Class<?>> classes = new ArrayList<>();
        Set<String> kept = new TreeSet<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.getClassLoader() != classPath || c.isHidden() || !inst.isModifiableClass(c)) {
                continue;
            }
            if (warmUps.contains(c.getName())) {
                classes.add(c);
            } else if (purposes.contains(c.getName())) {
                kept.add(c.getName());
            }
        }
        List<String> failed = new ArrayList<>();
        Set<String> retransformed = new TreeSet<>();
        retransform(inst, classes, retransformed, failed);
        return new Outcome(Collections.unmodifiableSet(retransformed), List.copyOf(failed), Collections.unmodifiableSet(kept),
                boundary, Duration.ofNanos(System.nanoTime() - started));
    }

    /**
     * Loads this class as an agent: a jar holding only a manifest that names it, since the class is
     * on the class path already.
     */
    private static Instrumentation loadAgent(Path directory) throws IOException, InterruptedException {
        Path agentJar = directory.resolve("jit-reset-agent.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Agent-Class", SpareJitReset.class.getName());
        manifest.getMainAttributes().putValue("Can-Retransform-Classes", "true");
        try (OutputStream out = new JarOutputStream(Files.newOutputStream(agentJar), manifest)) {
            out.flush();
        }
        Jcmd.Result said;
        try {
            said = Jcmd.run(directory, "JVMTI.agent_load", agentJar.toString());
        } finally {
            Files.deleteIfExists(agentJar);
        }
        if (instrumentation == null) {
            throw new IOException("the JVM did not load " + agentJar + " as an agent: " + said.output().strip());
        }
        return instrumentation;
    }

    /** A method's code in {@code Compiler.codelist}: its compile id and its class's name. */
    record CompiledMethod(long compileId, String tier, String className, String methodName) {
        /** {@code pkg.Class.method}, as {@link CompilerCounters#lastMethod} names it. */
        String name() {
            return className + "." + methodName;
        }

        /** Whether the code was compiled with or from a profile ({@link #PROFILED_TIERS}). */
        boolean profiled() {
            return PROFILED_TIERS.contains(tier);
        }
    }

    /**
     * The compiled code in {@code codeList}, the text of {@code Compiler.codelist}: one line per
     * compiled method, {@code <compile id> <tier> <state> <class>.<method>(<descriptor>)<return>
     * [...]}. A method's name has no dot, so the class's name is what comes before the last dot
     * before the parenthesis.
     */
    static List<CompiledMethod> compiledCode(String codeList) {
        List<CompiledMethod> methods = new ArrayList<>();
        for (String line : codeList.split("\n")) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length < 4 || !fields[0].chars().allMatch(Character::isDigit)) {
                continue;
            }
            int parameters = fields[3].indexOf('(');
            int dot = parameters < 0 ? -1 : fields[3].lastIndexOf('.', parameters);
            if (dot > 0) {
                methods.add(new CompiledMethod(Long.parseLong(fields[0]), fields[1], fields[3].substring(0, dot),
                        fields[3].substring(dot + 1, parameters)));
            }
        }
        return methods;
    }

    /**
     * Retransforms {@code classes} in one redefinition, adding their names to {@code done}; when one
     * of them cannot be redefined the whole call changes nothing, so the list is halved until the
     * culprits stand alone, each added to {@code failed} with its error.
     */
    private static void retransform(Instrumentation inst, List<Class<?>> classes, Set<String> done, List<String> failed) {
        if (classes.isEmpty()) {
            return;
        }
        try {
            inst.retransformClasses(classes.toArray(Class<?>[]::new));
            classes.forEach(c -> done.add(c.getName()));
        } catch (Exception | LinkageError | InternalError e) {
            if (classes.size() == 1) {
                failed.add(classes.get(0).getName() + " (" + e.getClass().getSimpleName() + ")");
                return;
            }
            int half = classes.size() / 2;
            retransform(inst, classes.subList(0, half), done, failed);
            retransform(inst, classes.subList(half, classes.size()), done, failed);
        }
    }
}
