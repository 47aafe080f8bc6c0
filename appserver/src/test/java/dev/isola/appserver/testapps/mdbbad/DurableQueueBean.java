package dev.isola.appserver.testapps.mdbbad;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** A durable subscription on a queue: found out only when the lookup shows it is a queue. */
@JMSDestinationDefinition(name = "java:app/jms/DurableQueue", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.bad.durable")
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/DurableQueue"),
        @ActivationConfigProperty(propertyName = "subscriptionDurability", propertyValue = "Durable")
})
public class DurableQueueBean implements MessageListener {
    @Override
    public void onMessage(Message message) {
    }
}
