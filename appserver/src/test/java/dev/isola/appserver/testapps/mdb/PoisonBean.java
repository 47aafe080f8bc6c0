package dev.isola.appserver.testapps.mdb;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Fails every message: each attempt is recorded (in its own transaction), then the delivery rolls back. */
@MessageDriven(activationConfig = @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/Poison"))
public class PoisonBean implements MessageListener {
    @EJB
    private AttemptsBean attempts;

    @Override
    public void onMessage(Message message) {
        attempts.record("PoisonBean", message);
        throw new IllegalStateException("poison: " + Journal.text(message));
    }
}
