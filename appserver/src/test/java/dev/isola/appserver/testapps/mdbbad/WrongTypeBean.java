package dev.isola.appserver.testapps.mdbbad;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** The lookup names a datasource, not a destination. */
@MessageDriven(activationConfig = @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:comp/DefaultDataSource"))
public class WrongTypeBean implements MessageListener {
    @Override
    public void onMessage(Message message) {
    }
}
