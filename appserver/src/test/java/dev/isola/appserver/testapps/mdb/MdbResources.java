package dev.isola.appserver.testapps.mdb;

import jakarta.jms.JMSConnectionFactoryDefinition;
import jakarta.jms.JMSDestinationDefinition;

/** The JMS resources the MDB test application defines (destinations are declared on the broker at deployment). */
@JMSDestinationDefinition(name = "java:app/jms/Work", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.work")
@JMSDestinationDefinition(name = "java:app/jms/Poison", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.poison",
        properties = {"maxDeliveryAttempts=3", "deadLetterQueue=mdb.poison.DLQ"})
@JMSDestinationDefinition(name = "java:app/jms/PoisonDLQ", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.poison.DLQ")
@JMSDestinationDefinition(name = "java:app/jms/Selective", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.selective")
@JMSDestinationDefinition(name = "java:app/jms/Manual", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.manual")
@JMSDestinationDefinition(name = "java:app/jms/Described", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.described")
@JMSDestinationDefinition(name = "java:app/jms/Outbound", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.outbound")
@JMSDestinationDefinition(name = "java:app/jms/Archive", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.archive")
@JMSDestinationDefinition(name = "java:app/jms/Slow", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.slow")
@JMSDestinationDefinition(name = "java:app/jms/News", interfaceName = "jakarta.jms.Topic", destinationName = "mdb.news")
@JMSConnectionFactoryDefinition(name = "java:app/jms/Factory", clientId = "mdb-test-factory")
@JMSConnectionFactoryDefinition(name = "java:app/jms/Untransacted", transactional = false)
public final class MdbResources {
    private MdbResources() {
    }
}
