package dev.isola.appserver.testapps.mdbbad;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Its @PostConstruct fails: the deployment fails, and the queue it defined goes. */
@JMSDestinationDefinition(name = "java:app/jms/Init", interfaceName = "jakarta.jms.Queue", destinationName = "mdb.bad.init")
@MessageDriven(activationConfig = @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/Init"))
public class FailingInitBean implements MessageListener {
    @PostConstruct
    void init() {
        throw new IllegalStateException("no approval limit configured");
    }

    @Override
    public void onMessage(Message message) {
    }
}
