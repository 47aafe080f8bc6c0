package dev.isola.appserver.testapps.mdbbad;

import jakarta.ejb.Singleton;
import jakarta.jms.JMSDestinationDefinition;

/** Defines a queue that another application defines with other settings. */
@Singleton
@JMSDestinationDefinition(name = "java:app/jms/Shared", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.shared",
        properties = "maxDeliveryAttempts=3")
public class SharedQueueThree {
}
