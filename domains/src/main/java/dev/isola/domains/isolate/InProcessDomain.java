package dev.isola.domains.isolate;

import dev.isola.domains.DomainDirectory;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.Member;
import dev.isola.domains.control.ControlClient;
import dev.isola.domains.control.DomainControl;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.Link;

/**
 * A combined domain booted in this JVM under a control link pair whose ends are both here, as the
 * admin boots one in an isolate: what the image's training run ({@link DomainTraining}) runs, so
 * that the AOT cache holds the classes of a real start, and what measurements of a warm JVM use.
 *
 * <pre>{@code
 * try (InProcessDomain domain = InProcessDomain.boot(config, directory, "training")) {
 *     domain.control().deploy("petstore.ear");
 *     ... http://127.0.0.1:<domain.httpPort()>/petstore/ ...
 * }   // the control client closed, the domain stopped
 * }</pre>
 */
final class InProcessDomain implements AutoCloseable {

    private static final long READY_TIMEOUT_MILLIS = 60_000;

    private final ControlListener listener;
    private final ControlClient admin;
    private final int httpPort;

    private InProcessDomain(ControlListener listener, ControlClient admin, int httpPort) {
        this.listener = listener;
        this.admin = admin;
        this.httpPort = httpPort;
    }

    /** Starts the domain's sub-servers, redeploys its recorded applications and waits until it is ready. */
    static InProcessDomain boot(DomainConfig config, DomainDirectory directory, String label) {
        ControlListener listener = new ControlListener(config, directory, Member.SERVER);
        Isolate me = Isolate.current();
        // The control links' transport, so that the image's cache holds the classes every isolate uses for them.
        Link requests = Link.newLink(me, me, DomainMain.CONTROL_LINK_OPTIONS);
        Link replies = Link.newLink(me, me, DomainMain.CONTROL_LINK_OPTIONS);
        listener.serve(new LinkPair(replies, requests), label);
        ControlClient admin = ControlClient.open(new LinkPair(requests, replies));
        try {
            listener.start(StartupConnections.NONE);
            int port = admin.control().awaitReady(READY_TIMEOUT_MILLIS).httpPort();
            return new InProcessDomain(listener, admin, port);
        } catch (RuntimeException e) {
            admin.close();
            listener.stop();
            throw e;
        }
    }

    DomainControl control() {
        return admin.control();
    }

    int httpPort() {
        return httpPort;
    }

    @Override
    public void close() {
        try {
            admin.close();
        } finally {
            listener.stop();
        }
    }
}
