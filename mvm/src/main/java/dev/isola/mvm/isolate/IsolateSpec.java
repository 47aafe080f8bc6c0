package dev.isola.mvm.isolate;

import dev.isola.mvm.image.Image;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Everything needed to start an isolate: what to run, on which image, with how much heap.
 *
 * <pre>{@code
 * IsolateSpec spec = IsolateSpec.builder("com.example.Worker")
 *         .name("worker-1")
 *         .arguments("--port", "8081")
 *         .maxHeap(MemorySize.parse("64m"))
 *         .youngGeneration(MemorySize.parse("8m"))
 *         .busyYoungGeneration(MemorySize.parse("32m"))   // optional: grows while busy, see ElasticYoungGeneration
 *         .collector(GarbageCollector.SERIAL)
 *         .build();
 * }</pre>
 *
 * <p>{@link Builder#build()} checks the spec as a whole and throws
 * {@link InvalidIsolateSpecException} naming the field at fault, so that a wrong spec
 * never costs a process start.
 */
public final class IsolateSpec {

    /** The prefix of the system properties that concern a spare's take-over only ({@link #processDifference}). */
    public static final String SPARE_PROPERTY_PREFIX = "mvm.spare.";

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,62}");
    private static final Pattern BINARY_CLASS_NAME =
            Pattern.compile("(\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*\\.)*\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*");
    /** The JVM refuses to start with less; refusing it here gives the better message. */
    static final MemorySize SMALLEST_HEAP = MemorySize.ofMegabytes(2);
    /** The java launcher's options that set the class path, which an isolate takes from its image. */
    public static final List<String> CLASS_PATH_OPTIONS = List.of("-cp", "-classpath", "--class-path", "-jar");
    /** The JVM's heap and young-generation size flags, which an isolate takes from its spec's sizes. */
    public static final List<String> SIZE_OPTIONS = List.of("-Xmx", "-Xmn", "-XX:MaxHeapSize", "-XX:NewSize", "-XX:MaxNewSize");
    /** Flags that have their own field: setting them twice would make the field lie. */
    private static final List<String> OPTIONS_WITH_OWN_FIELD = Stream.of(CLASS_PATH_OPTIONS.stream(), SIZE_OPTIONS.stream(),
            Stream.of("-D"), Arrays.stream(GarbageCollector.values()).flatMap(collector -> collector.jvmFlag().stream()),
            // Not a collector the spec offers, but it would replace the one it names all the same.
            Stream.of("-XX:+UseEpsilonGC")).flatMap(options -> options).toList();

    private final String name;
    private final String mainClass;
    private final List<String> arguments;
    private final Image image;
    private final MemorySize maxHeap;
    private final MemorySize youngGeneration;
    private final MemorySize busyYoungGeneration;
    private final GarbageCollector collector;
    private final Map<String, String> systemProperties;
    private final Map<String, String> environment;
    private final List<String> jvmOptions;
    private final Path workingDirectory;
    private final OrphanPolicy orphanPolicy;
    private final Duration startTimeout;

    private IsolateSpec(Builder b) {
        this.mainClass = b.mainClass;
        this.name = b.name != null ? b.name : defaultName(b.mainClass);
        this.arguments = List.copyOf(b.arguments);
        this.image = b.image != null ? b.image : Image.ofCurrentJvm("default");
        this.maxHeap = b.maxHeap;
        this.youngGeneration = b.youngGeneration;
        this.busyYoungGeneration = b.busyYoungGeneration;
        this.collector = b.collector;
        this.systemProperties = Map.copyOf(b.systemProperties);
        this.environment = Map.copyOf(b.environment);
        this.jvmOptions = List.copyOf(b.jvmOptions);
        this.workingDirectory = b.workingDirectory;
        this.orphanPolicy = b.orphanPolicy;
        this.startTimeout = b.startTimeout;
    }

    public static Builder builder(String mainClass) {
        return new Builder(mainClass);
    }

    /** A builder holding this spec's values, for specs that differ in a field or two. */
    public Builder toBuilder() {
        Builder b = new Builder(mainClass)
                .name(name)
                .arguments(arguments)
                .image(image)
                .collector(collector)
                .orphanPolicy(orphanPolicy)
                .startTimeout(startTimeout);
        b.maxHeap = maxHeap;
        b.youngGeneration = youngGeneration;
        b.busyYoungGeneration = busyYoungGeneration;
        b.workingDirectory = workingDirectory;
        b.systemProperties.putAll(systemProperties);
        b.environment.putAll(environment);
        b.jvmOptions.addAll(jvmOptions);
        return b;
    }

    /** Shown in listings and logs; defaults to the main class's simple name in lower case. */
    public String name() { return name; }

    public String mainClass() { return mainClass; }

    public List<String> arguments() { return arguments; }

    public Image image() { return image; }

    /** The heap limit ({@code -Xmx}); empty means the JVM's default for the machine. */
    public Optional<MemorySize> maxHeap() { return Optional.ofNullable(maxHeap); }

    /** The young generation size ({@code -Xmn}); empty means the collector's default. */
    public Optional<MemorySize> youngGeneration() { return Optional.ofNullable(youngGeneration); }

    /**
     * The size the young generation grows to while young collections take a noticeable share of
     * the isolate's time, returning to {@link #youngGeneration} once it is idle
     * ({@link ElasticYoungGeneration}); empty means a fixed young generation.
     */
    public Optional<MemorySize> busyYoungGeneration() { return Optional.ofNullable(busyYoungGeneration); }

    public GarbageCollector collector() { return collector; }

    /** Set with {@code -D} before any class of the isolate initialises. */
    public Map<String, String> systemProperties() { return systemProperties; }

    /** Added to the environment the isolate inherits from its creator. */
    public Map<String, String> environment() { return environment; }

    /** Further JVM flags, after the ones this spec derives from its fields. */
    public List<String> jvmOptions() { return jvmOptions; }

    /** The isolate's current directory; empty means the creator's. */
    public Optional<Path> workingDirectory() { return Optional.ofNullable(workingDirectory); }

    public OrphanPolicy orphanPolicy() { return orphanPolicy; }

    /** How long {@link Isolate#start} waits for the isolate to reach its main method. */
    public Duration startTimeout() { return startTimeout; }

    /**
     * What a process started from this spec could not become when taken over for {@code other}
     * ({@link Isolate#takeOver}): the first of the settings fixed when a JVM starts (image, heap,
     * young generation, collector, system properties, environment, JVM options, working
     * directory) in which they differ, described; empty when the process fits {@code other}.
     * Name, main class, arguments, orphan policy and start timeout may differ, and so may the
     * system properties under {@value #SPARE_PROPERTY_PREFIX}: they tell a spare what to do when
     * it is taken over ({@link SpareJitReset}), not what its process is.
     */
    public Optional<String> processDifference(IsolateSpec other) {
        record Setting(String what, Object mine, Object theirs) {
        }
        List<Setting> settings = List.of(
                new Setting("image", image.name() + " " + image.javaHome() + " " + image.classPathArgument(),
                        other.image.name() + " " + other.image.javaHome() + " " + other.image.classPathArgument()),
                new Setting("maxHeap", maxHeap(), other.maxHeap()),
                new Setting("youngGeneration", youngGeneration(), other.youngGeneration()),
                new Setting("busyYoungGeneration", busyYoungGeneration(), other.busyYoungGeneration()),
                new Setting("collector", collector, other.collector),
                new Setting("systemProperties", withoutSpareProperties(systemProperties), withoutSpareProperties(other.systemProperties)),
                new Setting("environment", environment, other.environment),
                new Setting("jvmOptions", jvmOptions, other.jvmOptions),
                new Setting("workingDirectory", workingDirectory(), other.workingDirectory()));
        return settings.stream().filter(s -> !s.mine().equals(s.theirs())).findFirst()
                .map(s -> s.what() + " " + shown(s.mine()) + " is not " + shown(s.theirs()));
    }

    private static Map<String, String> withoutSpareProperties(Map<String, String> properties) {
        Map<String, String> process = new LinkedHashMap<>(properties);
        process.keySet().removeIf(key -> key.startsWith(SPARE_PROPERTY_PREFIX));
        return process;
    }

    private static String shown(Object setting) {
        return setting instanceof Optional<?> optional ? optional.map(Object::toString).orElse("(the JVM's default)") : setting.toString();
    }

    @Override
    public String toString() {
        return "IsolateSpec[" + name + " " + mainClass + " image=" + image.name()
                + " heap=" + maxHeap().map(MemorySize::toString).orElse("default")
                + " young=" + youngGeneration().map(MemorySize::toString).orElse("default")
                + busyYoungGeneration().map(busy -> " busyYoung=" + busy).orElse("")
                + " gc=" + collector + " orphan=" + orphanPolicy + "]";
    }

    private static String defaultName(String mainClass) {
        String simple = mainClass.substring(mainClass.lastIndexOf('.') + 1).replace('$', '-');
        String lower = simple.toLowerCase(Locale.ROOT);
        return NAME.matcher(lower).matches() ? lower : "isolate";
    }

    /** Collects the fields of a spec; {@link #build()} checks them together. */
    public static final class Builder {
        private final String mainClass;
        private String name;
        private final List<String> arguments = new ArrayList<>();
        private Image image;
        private MemorySize maxHeap;
        private MemorySize youngGeneration;
        private MemorySize busyYoungGeneration;
        private GarbageCollector collector = GarbageCollector.JVM_DEFAULT;
        private final Map<String, String> systemProperties = new LinkedHashMap<>();
        private final Map<String, String> environment = new LinkedHashMap<>();
        private final List<String> jvmOptions = new ArrayList<>();
        private Path workingDirectory;
        private OrphanPolicy orphanPolicy = OrphanPolicy.KEEP_RUNNING;
        private Duration startTimeout = Duration.ofSeconds(60);

        private Builder(String mainClass) {
            this.mainClass = mainClass;
        }

        public Builder name(String name) { this.name = name; return this; }

        public Builder arguments(String... arguments) { return arguments(List.of(arguments)); }

        public Builder arguments(List<String> arguments) {
            this.arguments.clear();
            this.arguments.addAll(arguments);
            return this;
        }

        public Builder image(Image image) { this.image = Objects.requireNonNull(image, "image"); return this; }

        public Builder maxHeap(MemorySize maxHeap) { this.maxHeap = Objects.requireNonNull(maxHeap, "maxHeap"); return this; }

        public Builder youngGeneration(MemorySize youngGeneration) {
            this.youngGeneration = Objects.requireNonNull(youngGeneration, "youngGeneration");
            return this;
        }

        public Builder busyYoungGeneration(MemorySize busyYoungGeneration) {
            this.busyYoungGeneration = Objects.requireNonNull(busyYoungGeneration, "busyYoungGeneration");
            return this;
        }

        public Builder collector(GarbageCollector collector) { this.collector = Objects.requireNonNull(collector, "collector"); return this; }

        public Builder systemProperty(String key, String value) { systemProperties.put(key, value); return this; }

        public Builder environment(String key, String value) { environment.put(key, value); return this; }

        public Builder jvmOption(String option) { jvmOptions.add(option); return this; }

        public Builder workingDirectory(Path directory) { this.workingDirectory = Objects.requireNonNull(directory); return this; }

        public Builder orphanPolicy(OrphanPolicy policy) { this.orphanPolicy = Objects.requireNonNull(policy, "orphanPolicy"); return this; }

        public Builder startTimeout(Duration timeout) { this.startTimeout = Objects.requireNonNull(timeout, "startTimeout"); return this; }

        /**
         * @throws InvalidIsolateSpecException naming the first field at fault
         */
        public IsolateSpec build() {
            if (mainClass == null || !BINARY_CLASS_NAME.matcher(mainClass).matches()) {
                throw new InvalidIsolateSpecException("mainClass '" + mainClass + "' is not a Java class name (expected e.g. com.example.Main)");
            }
            if (name != null && !NAME.matcher(name).matches()) {
                throw new InvalidIsolateSpecException("name '" + name + "' must be 1-63 letters, digits, '.', '_' or '-', starting with a letter or digit");
            }
            if (maxHeap != null && maxHeap.bytes() < SMALLEST_HEAP.bytes()) {
                throw new InvalidIsolateSpecException("maxHeap " + maxHeap.bytes() + " bytes is too small: it must be at least " + SMALLEST_HEAP);
            }
            if (youngGeneration != null && youngGeneration.bytes() <= 0) {
                throw new InvalidIsolateSpecException("youngGeneration " + youngGeneration.bytes() + " bytes must be positive");
            }
            if (youngGeneration != null && maxHeap != null && youngGeneration.compareTo(maxHeap) >= 0) {
                throw new InvalidIsolateSpecException("youngGeneration " + youngGeneration + " must be smaller than maxHeap " + maxHeap
                        + " (the old generation needs room too)");
            }
            if (busyYoungGeneration != null) {
                if (youngGeneration == null || busyYoungGeneration.compareTo(youngGeneration) <= 0) {
                    throw new InvalidIsolateSpecException("busyYoungGeneration " + busyYoungGeneration + " must be larger than youngGeneration "
                            + (youngGeneration == null ? "(not set)" : youngGeneration) + ", the size it returns to when idle");
                }
                if (maxHeap != null && busyYoungGeneration.compareTo(maxHeap) >= 0) {
                    throw new InvalidIsolateSpecException("busyYoungGeneration " + busyYoungGeneration + " must be smaller than maxHeap " + maxHeap
                            + " (the old generation needs room too)");
                }
                if (collector != GarbageCollector.SERIAL) {
                    throw new InvalidIsolateSpecException("busyYoungGeneration needs the serial collector, not " + collector
                            + ": the other collectors size their young generation themselves");
                }
            }
            if (startTimeout.isNegative() || startTimeout.isZero()) {
                throw new InvalidIsolateSpecException("startTimeout " + startTimeout + " must be positive");
            }
            for (String key : systemProperties.keySet()) {
                if (key == null || key.isBlank() || key.contains("=")) {
                    throw new InvalidIsolateSpecException("system property name '" + key + "' must be non-blank and contain no '='");
                }
                if (key.startsWith("mvm.isolate.")) {
                    throw new InvalidIsolateSpecException("system property '" + key + "' is reserved for the isolate runtime");
                }
            }
            for (String option : jvmOptions) {
                for (String owned : OPTIONS_WITH_OWN_FIELD) {
                    if (option.startsWith(owned)) {
                        throw new InvalidIsolateSpecException("jvmOption '" + option + "' duplicates a field of the spec;"
                                + " use maxHeap, youngGeneration, collector, systemProperty or the image's class path instead");
                    }
                }
            }
            return new IsolateSpec(this);
        }
    }
}
