package dev.isola.appserver.testapps.mdbbad;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Says topic, gets a queue. */
@JMSDestinationDefinition(name = "java:app/jms/NotATopic", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.bad.type")
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/NotATopic"),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Topic")
})
public class TopicTypeBean implements MessageListener {
    @Override
    public void onMessage(Message message) {
    }
}
