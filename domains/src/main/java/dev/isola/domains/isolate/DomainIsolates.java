package dev.isola.domains.isolate;

import dev.isola.domains.DomainDirectory;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainMode;
import dev.isola.domains.config.IsolateSettings;
import dev.isola.domains.config.Member;
import dev.isola.domains.logging.LastWordsLogManager;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.OrphanPolicy;
import dev.isola.mvm.isolate.SpareJitReset;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How the isolates of a domain are started: the spec of each member, sized as the domain's
 * configuration says, running {@link DomainMain} on the installation's image; and the spec of a
 * spare isolate that a combined domain with the default settings can take over instead.
 */
public final class DomainIsolates {

    /** Long enough for a JVM on a busy two-core machine; reaching main is all it covers. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private DomainIsolates() {
    }

    /**
     * The spec of {@code member}'s isolate. It keeps running when its creator dies (the admin
     * isolate re-adopts it), and runs in the domains' root directory: nothing in a domain's JVM
     * is particular to the domain but its main class's arguments, so that a spare can become it
     * ({@link #spareSpec}). (The domain's own paths are absolute.)
     */
    public static IsolateSpec spec(DomainConfig config, DomainDirectory directory, Member member, Image image) {
        return shape(config.settings(member), image, directory.path().getParent(), DomainMain.class.getName())
                .name(member.isolateName(config.name()))
                .arguments(new MemberArguments(directory.path(), member.key()).toArguments())
                .orphanPolicy(OrphanPolicy.KEEP_RUNNING)
                .build();
    }

    /**
     * The spec of a spare domain isolate ({@link DomainSpare}): the JVM a combined domain with
     * the default settings runs in, warmed up with {@code warmUpArchive} if given, to be taken
     * over by the next such domain to start ({@link dev.isola.mvm.isolate.Isolate#takeOver}).
     * It exits with the admin isolate that started it: only that one can take it over. With
     * {@code resetJitState}, the domain it becomes drops the JIT state of the warm-up once it is
     * busy ({@link SpareJitReset}); without, it keeps it: the reset costs memory
     * (docs/results/throughput/spare-jit-reset/).
     */
    public static IsolateSpec spareSpec(DomainsRoot root, Image image, Optional<Path> warmUpArchive, boolean resetJitState) {
        List<String> arguments = new ArrayList<>(List.of(root.path().toString()));
        warmUpArchive.ifPresent(archive -> arguments.add(archive.toAbsolutePath().toString()));
        IsolateSettings settings = DomainConfig.defaults("spare", DomainMode.COMBINED, 0).settings(Member.SERVER);
        IsolateSpec.Builder spare = shape(settings, image, root.path(), DomainSpare.class.getName())
                .name("spare")
                .arguments(arguments)
                .orphanPolicy(OrphanPolicy.EXIT);
        if (!resetJitState) {
            spare.systemProperty(SpareJitReset.DELAY_PROPERTY, "off");
        }
        return spare.build();
    }

    /** Everything of a domain isolate's spec that is fixed when its JVM starts. */
    private static IsolateSpec.Builder shape(IsolateSettings settings, Image image, Path workingDirectory, String mainClass) {
        IsolateSpec.Builder builder = IsolateSpec.builder(mainClass);
        settings.jvmOptionsWithoutSystemProperties().forEach(builder::jvmOption);
        settings.systemProperties().forEach(builder::systemProperty);
        if (settings.elasticYoungGeneration()) {
            builder.busyYoungGeneration(settings.busyYoungGeneration());
        }
        return builder
                .image(image)
                .maxHeap(settings.heap())
                .youngGeneration(settings.youngGeneration())
                .collector(settings.collector())
                .workingDirectory(workingDirectory)
                .startTimeout(START_TIMEOUT)
                .systemProperty(LastWordsLogManager.PROPERTY, LastWordsLogManager.class.getName());
    }

    /** Whether an isolate of the registry with {@code mainClass} and {@code arguments} is {@code member} of the domain in {@code directory}. */
    public static boolean isMember(String mainClass, List<String> arguments, DomainDirectory directory, Member member) {
        return mainClass.equals(DomainMain.class.getName())
                && arguments.equals(new MemberArguments(directory.path(), member.key()).toArguments());
    }
}
