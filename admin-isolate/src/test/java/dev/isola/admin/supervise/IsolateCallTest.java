package dev.isola.admin.supervise;

import dev.isola.domains.control.ControlClient;
import dev.isola.domains.control.DomainControl;
import dev.isola.domains.control.MemberMetrics;
import dev.isola.mvm.invoke.InvocationServer;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.invoke.RemoteInvocationException;
import dev.isola.mvm.invoke.Targets;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.codec.Serializers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A domain isolate of an earlier build, adopted after an upgrade, has a control listener without
 * the JMS queue and durable-subscription operations: over real control links (both ends here), the admin's call fails the
 * way it fails against such an isolate, and the API answers that the domain needs a restart, not
 * with the remote stack trace.
 */
class IsolateCallTest {

    /** The control interface as a build before the queue operations served it (a part of it is enough). */
    public interface EarlierDomainControl {
        MemberMetrics metrics();
    }

    private ControlClient admin;
    private InvocationServer earlier;

    @BeforeEach
    void connectToAnEarlierBuild() {
        Isolate me = Isolate.current();
        Link requests = Link.newLink(me, me);
        Link replies = Link.newLink(me, me);
        EarlierDomainControl listener = () -> new MemberMetrics(Instant.EPOCH, 0, List.of(), List.of(), List.of());
        earlier = InvocationServer.start(new LinkPair(replies, requests),
                new Targets().register(DomainControl.TARGET, EarlierDomainControl.class, listener), Serializers.JAVA);
        admin = ControlClient.open(new LinkPair(requests, replies));
    }

    @AfterEach
    void disconnect() {
        admin.close();
    }

    @Test
    void anOperationTheIsolatesBuildLacksIsAConflictThatARestartResolves() {
        assertEquals(0, admin.control().metrics().applications(), "what the earlier build has still works");
        RemoteInvocationException lacking = assertThrows(RemoteInvocationException.class, () -> admin.control().jmsQueue("orders", 10));
        assertTrue(MemberRuntime.lacksControlMethod(lacking), lacking.toString());

        DomainOperationException answer = IsolateCall.failed("shop", "shop", "browse JMS queues", lacking);
        assertEquals(DomainOperationException.Kind.CONFLICT, answer.kind());
        assertEquals("isolate shop of domain shop runs an earlier build of the image, which cannot browse JMS queues;"
                + " restart the domain to use it: deploy-tool restart-domain shop", answer.getMessage());
        RemoteInvocationException purge = assertThrows(RemoteInvocationException.class, () -> admin.control().purgeJmsQueue("orders"));
        assertEquals(DomainOperationException.Kind.CONFLICT, IsolateCall.failed("crm", "crm-jms", "purge JMS queues", purge).kind());
        for (Executable call : List.<Executable>of(() -> admin.control().jmsSubscriptions("prices"),
                () -> admin.control().jmsSubscription("prices", "app:audit", 10), () -> admin.control().purgeJmsSubscription("prices", "app:audit"))) {
            RemoteInvocationException subscriptions = assertThrows(RemoteInvocationException.class, call);
            assertEquals("isolate shop of domain shop runs an earlier build of the image, which cannot purge durable subscriptions; restart the"
                    + " domain to use it: deploy-tool restart-domain shop",
                    IsolateCall.failed("shop", "shop", "purge durable subscriptions", subscriptions).getMessage());
        }
    }

    @Test
    void anyOtherFailureOfTheCallIsAFailureOfTheIsolate() {
        earlier.close();
        admin.close();
        RemoteInvocationException gone = assertThrows(RemoteInvocationException.class, () -> admin.control().jmsQueue("orders", 10));
        assertFalse(MemberRuntime.lacksControlMethod(gone));
        DomainOperationException answer = IsolateCall.failed("shop", "shop", "browse JMS queues", gone);
        assertEquals(DomainOperationException.Kind.FAILED, answer.kind());
        assertTrue(answer.getMessage().startsWith("isolate shop of domain shop could not browse JMS queues: "), answer.getMessage());
        assertFalse(MemberRuntime.lacksControlMethod(new RemoteInvocationException("call failed", new IllegalArgumentException("bad max"))));
    }
}
