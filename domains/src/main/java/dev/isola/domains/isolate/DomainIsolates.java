package dev.isola.domains.isolate;

import dev.isola.domains.DomainDirectory;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.IsolateSettings;
import dev.isola.domains.config.Member;
import dev.isola.domains.logging.LastWordsLogManager;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.OrphanPolicy;

import java.time.Duration;
import java.util.List;

/**
 * How the isolates of a domain are started: the spec of each member, sized as the domain's
 * configuration says, running {@link DomainMain} on the installation's image.
 */
public final class DomainIsolates {

    /** Long enough for a JVM on a busy two-core machine; reaching main is all it covers. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private DomainIsolates() {
    }

    /**
     * The spec of {@code member}'s isolate. It keeps running when its creator dies (the admin
     * isolate re-adopts it), and runs in the domain's directory.
     */
    public static IsolateSpec spec(DomainConfig config, DomainDirectory directory, Member member, Image image) {
        IsolateSettings settings = config.settings(member);
        IsolateSpec.Builder builder = IsolateSpec.builder(DomainMain.class.getName());
        settings.jvmOptions().forEach(builder::jvmOption);
        if (settings.elasticYoungGeneration()) {
            builder.busyYoungGeneration(settings.busyYoungGeneration());
        }
        return builder
                .name(member.isolateName(config.name()))
                .arguments(new MemberArguments(directory.path(), member.key()).toArguments())
                .image(image)
                .maxHeap(settings.heap())
                .youngGeneration(settings.youngGeneration())
                .collector(settings.collector())
                .workingDirectory(directory.path())
                .orphanPolicy(OrphanPolicy.KEEP_RUNNING)
                .startTimeout(START_TIMEOUT)
                .systemProperty(LastWordsLogManager.PROPERTY, LastWordsLogManager.class.getName())
                .build();
    }

    /** Whether an isolate of the registry with {@code mainClass} and {@code arguments} is {@code member} of the domain in {@code directory}. */
    public static boolean isMember(String mainClass, List<String> arguments, DomainDirectory directory, Member member) {
        return mainClass.equals(DomainMain.class.getName())
                && arguments.equals(new MemberArguments(directory.path(), member.key()).toArguments());
    }
}
