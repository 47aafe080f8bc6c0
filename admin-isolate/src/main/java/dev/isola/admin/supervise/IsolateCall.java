package dev.isola.admin.supervise;

import dev.isola.domains.control.ControlException;
import dev.isola.domains.control.NotAQueueException;
import dev.isola.domains.control.NotATopicException;
import dev.isola.domains.control.UnknownDataSourceException;
import dev.isola.domains.control.UnknownSubscriptionException;
import dev.isola.mvm.invoke.Invoker;

import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * A control call to one isolate of a domain, for {@link JmsQueues}, {@link JmsSubscriptions} and
 * {@link DataSources}, with its refusals turned into the API's kinds: a name that is not there
 * (a queue, topic, subscription or datasource) NOT_FOUND, a queue named where a topic is needed
 * or the other way round INVALID, any other refusal CONFLICT, and a call that failed FAILED (or
 * CONFLICT when the isolate's build lacks the operation).
 */
final class IsolateCall {

    private IsolateCall() {
    }

    /**
     * Calls {@code call} on {@code host} within {@code timeout}.
     *
     * @param operation what the call does, for the failure's message ("purge JMS queues")
     */
    static <T> T call(DomainRuntime domain, MemberRuntime host, String operation, Duration timeout, Callable<T> call) {
        try {
            return Invoker.withTimeout(timeout, call);
        } catch (NotAQueueException e) {
            throw new DomainOperationException(e.topic() ? DomainOperationException.Kind.INVALID : DomainOperationException.Kind.NOT_FOUND,
                    e.getMessage());
        } catch (NotATopicException e) {
            throw new DomainOperationException(e.queue() ? DomainOperationException.Kind.INVALID : DomainOperationException.Kind.NOT_FOUND,
                    e.getMessage());
        } catch (UnknownSubscriptionException | UnknownDataSourceException e) {
            throw new DomainOperationException(DomainOperationException.Kind.NOT_FOUND, e.getMessage());
        } catch (ControlException e) {
            throw new DomainOperationException(DomainOperationException.Kind.CONFLICT, e.getMessage());
        } catch (Exception e) {
            throw failed(domain.name(), host.member().isolateName(domain.name()), operation, e);
        }
    }

    /**
     * What the API answers when a control call for {@code operation} failed with {@code failure}:
     * an isolate of an earlier build, which lacks the operation, is a conflict the domain's
     * restart resolves; anything else is a failure of the isolate.
     */
    static DomainOperationException failed(String domain, String isolate, String operation, Exception failure) {
        if (MemberRuntime.lacksControlMethod(failure)) {
            return new DomainOperationException(DomainOperationException.Kind.CONFLICT, "isolate " + isolate + " of domain " + domain
                    + " runs an earlier build of the image, which cannot " + operation + "; restart the domain to use it: deploy-tool restart-domain "
                    + domain);
        }
        return new DomainOperationException(DomainOperationException.Kind.FAILED, "isolate " + isolate + " of domain " + domain + " could not "
                + operation + ": " + failure.getMessage());
    }
}
