package dev.isola.appserver.testapps.mdbbad;

import jakarta.ejb.Singleton;
import jakarta.jms.JMSDestinationDefinition;

/** Defines the queue of {@link SharedQueueThree} with another maxDeliveryAttempts. */
@Singleton
@JMSDestinationDefinition(name = "java:app/jms/Shared", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.shared",
        properties = "maxDeliveryAttempts=5")
public class SharedQueueFive {
}
