package dev.isola.appserver.testapps.mdbbad;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** A selector that does not parse; the queue it defines must not outlive the failed deployment. */
@JMSDestinationDefinition(name = "java:app/jms/BadSelector", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.bad.selector")
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/BadSelector"),
        @ActivationConfigProperty(propertyName = "messageSelector", propertyValue = "kind = 'a' AND")
})
public class BadSelectorBean implements MessageListener {
    @Override
    public void onMessage(Message message) {
    }
}
