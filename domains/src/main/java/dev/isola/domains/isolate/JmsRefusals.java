package dev.isola.domains.isolate;

import dev.isola.appserver.jms.broker.DestinationStats;
import dev.isola.appserver.jms.broker.NoSuchQueueException;
import dev.isola.appserver.jms.broker.NoSuchSubscriptionException;
import dev.isola.appserver.jms.broker.NoSuchTopicException;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.domains.control.NotAQueueException;
import dev.isola.domains.control.NotATopicException;
import dev.isola.domains.control.UnknownSubscriptionException;

import java.util.ArrayList;
import java.util.List;

/**
 * The JMS broker's refusals of an operator's request in the domain's words, for the control link:
 * each names the domain, what was asked for, and what there is instead (its queues and topics, a
 * topic's durable subscriptions), so that the admin can answer with it as it is.
 */
final class JmsRefusals {

    private final String domain;
    private final List<String> queues = new ArrayList<>();
    private final List<String> topics = new ArrayList<>();

    /** @param destinations the domain's JMS destinations now, to name them */
    JmsRefusals(String domain, List<DestinationStats> destinations) {
        this.domain = domain;
        for (DestinationStats d : destinations) {
            (d.type() == DestinationType.QUEUE ? queues : topics).add(d.name());
        }
    }

    NotAQueueException notAQueue(NoSuchQueueException refused) {
        String name = refused.name();
        return new NotAQueueException((refused.topic()
                ? "'" + name + "' is a topic of domain " + domain + ", not a queue: a topic's messages wait in its durable subscriptions,"
                        + " which are browsed and purged by their id (deploy-tool list-jms-subscriptions --domain " + domain + " --topic " + name
                        + " lists them)"
                : "domain " + domain + " has no JMS queue '" + name + "'") + destinations(), refused.topic());
    }

    NotATopicException notATopic(NoSuchTopicException refused) {
        String name = refused.name();
        return new NotATopicException((refused.queue()
                ? "'" + name + "' is a queue of domain " + domain + ", not a topic: its messages wait in the queue itself, which is browsed"
                        + " and purged without a subscription"
                : "domain " + domain + " has no JMS topic '" + name + "'") + destinations(), refused.queue());
    }

    UnknownSubscriptionException unknownSubscription(NoSuchSubscriptionException refused) {
        return new UnknownSubscriptionException("topic " + refused.topic() + " of domain " + domain + " has no durable subscription '"
                + refused.subscription() + "'; its durable subscriptions (clientId:name, or name without a client id): "
                + (refused.subscriptions().isEmpty() ? "none" : String.join(", ", refused.subscriptions())));
    }

    private String destinations() {
        return "; its queues: " + (queues.isEmpty() ? "none" : String.join(", ", queues))
                + "; its topics: " + (topics.isEmpty() ? "none" : String.join(", ", topics));
    }
}
