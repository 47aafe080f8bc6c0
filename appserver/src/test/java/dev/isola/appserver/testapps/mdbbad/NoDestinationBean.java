package dev.isola.appserver.testapps.mdbbad;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** No destination at all. */
@MessageDriven(activationConfig = @ActivationConfigProperty(propertyName = "messageSelector", propertyValue = "a = 1"))
public class NoDestinationBean implements MessageListener {
    @Override
    public void onMessage(Message message) {
    }
}
