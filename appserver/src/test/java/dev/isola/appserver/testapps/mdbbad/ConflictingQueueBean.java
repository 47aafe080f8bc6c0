package dev.isola.appserver.testapps.mdbbad;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Defines a queue the server configuration declares, with another maxDeliveryAttempts. */
@JMSDestinationDefinition(name = "java:app/jms/Configured", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.configured",
        properties = "maxDeliveryAttempts=7")
@MessageDriven(activationConfig = @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/Configured"))
public class ConflictingQueueBean implements MessageListener {
    @Override
    public void onMessage(Message message) {
    }
}
