package dev.isola.appserver.testapps.mdbbad;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Names a destination nothing binds. */
@MessageDriven(activationConfig = @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/Nowhere"))
public class UnknownDestinationBean implements MessageListener {
    @Override
    public void onMessage(Message message) {
    }
}
