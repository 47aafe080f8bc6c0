package dev.isola.appserver.testapps.leak;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSConnectionFactoryDefinition;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.ObjectMessage;

/** A message-driven bean that reads an application class out of an ObjectMessage and hands it to a singleton. */
@JMSDestinationDefinition(name = "java:app/jms/leak", interfaceName = "jakarta.jms.Queue", destinationName = "leak.queue")
@JMSConnectionFactoryDefinition(name = "java:app/jms/leakFactory", properties = "objectMessageAllowList=dev.isola.appserver.testapps.leak.*")
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/leak"),
        @ActivationConfigProperty(propertyName = "connectionFactoryLookup", propertyValue = "java:app/jms/leakFactory")
})
public class LeakListener implements MessageListener {
    @EJB
    private LeakBean bean;

    @Override
    public void onMessage(Message message) {
        try {
            bean.heard((LeakPayload) ((ObjectMessage) message).getObject());
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }
}
