package dev.isola.admin.supervise;

import dev.isola.domains.config.Member;
import dev.isola.domains.control.ControlClient;
import dev.isola.mvm.invoke.RemoteInvocationException;
import dev.isola.mvm.isolate.Isolate;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One running isolate of a domain as the supervisor holds it: the isolate handle (created by
 * this admin isolate, or adopted from a previous one) and the control conversation with it.
 */
final class MemberRuntime {

    /**
     * How this admin isolate came to hold the isolate: it STARTED a new JVM for it, took over a
     * warmed-up SPARE ({@link SparePool}) for it, or ADOPTED it from a previous admin isolate.
     * Tools tell a domain started in a spare by it rather than by an event's words.
     */
    enum Origin { STARTED, SPARE, ADOPTED }

    private final Member member;
    private final Isolate isolate;
    private final ControlClient control;
    private final Origin origin;
    private final Instant since;
    private final boolean olderBuild;
    /** Set before the supervisor stops it, so that its end is not taken for a crash. */
    private volatile boolean leaving;
    private final AtomicBoolean ended = new AtomicBoolean();

    MemberRuntime(Member member, Isolate isolate, ControlClient control, Origin origin) {
        this(member, isolate, control, origin, false);
    }

    /** @param olderBuild it was adopted running an earlier build of the image than this admin isolate starts */
    MemberRuntime(Member member, Isolate isolate, ControlClient control, Origin origin, boolean olderBuild) {
        this.member = member;
        this.isolate = isolate;
        this.control = control;
        this.origin = origin;
        this.since = Instant.now();
        this.olderBuild = olderBuild;
    }

    Member member() { return member; }

    Isolate isolate() { return isolate; }

    ControlClient control() { return control; }

    Origin origin() { return origin; }

    /** When this admin isolate started or adopted it. */
    Instant since() { return since; }

    /** It runs the code of an earlier build of the image, until the domain is restarted. */
    boolean olderBuild() { return olderBuild; }

    /**
     * Whether a control call failed because the isolate's control listener has no such method:
     * the isolate runs an earlier build, from before the method was added to
     * {@link dev.isola.domains.control.DomainControl}. Every build answers such a call the same
     * way ({@link dev.isola.mvm.invoke.Targets}: an {@code IllegalArgumentException} saying the
     * target "has no method"), so this reads that answer.
     */
    static boolean lacksControlMethod(Throwable failure) {
        return failure instanceof RemoteInvocationException && failure.getCause() instanceof IllegalArgumentException cause
                && String.valueOf(cause.getMessage()).contains(" has no method ");
    }

    boolean leaving() { return leaving; }

    void leave() { leaving = true; }

    /** True the first time only: its end is handled once, however it is reported. */
    boolean markEnded() { return ended.compareAndSet(false, true); }
}
