package dev.isola.appserver.testapps.mdbarchive;

import jakarta.jms.JMSDestinationDefinition;

/** The same destinations as the MDB test application defines, alike: applications may share them. */
@JMSDestinationDefinition(name = "java:app/jms/Archive", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.archive")
@JMSDestinationDefinition(name = "java:app/jms/Slow", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.slow")
@JMSDestinationDefinition(name = "java:app/jms/News", interfaceName = "jakarta.jms.Topic", destinationName = "mdb.news")
public final class ArchiveResources {
    private ArchiveResources() {
    }
}
