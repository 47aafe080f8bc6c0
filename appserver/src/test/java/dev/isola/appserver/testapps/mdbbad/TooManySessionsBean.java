package dev.isola.appserver.testapps.mdbbad;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** maxSessions out of range. */
@JMSDestinationDefinition(name = "java:app/jms/Many", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.bad.many")
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/Many"),
        @ActivationConfigProperty(propertyName = "maxSessions", propertyValue = "lots")
})
public class TooManySessionsBean implements MessageListener {
    @Override
    public void onMessage(Message message) {
    }
}
