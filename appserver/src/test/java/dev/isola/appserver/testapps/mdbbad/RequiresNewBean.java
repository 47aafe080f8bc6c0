package dev.isola.appserver.testapps.mdbbad;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** REQUIRES_NEW is not a transaction attribute a message listener method may have. */
@JMSDestinationDefinition(name = "java:app/jms/New", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.bad.new")
@MessageDriven(activationConfig = @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/New"))
public class RequiresNewBean implements MessageListener {
    @Override
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void onMessage(Message message) {
    }
}
