package dev.isola.appserver.testapps.mdbarchive;

import dev.isola.appserver.testapps.mdb.Journal;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

import javax.sql.DataSource;

/** Takes its time over each message, so that undeploying finds deliveries in progress. */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/Slow"),
        @ActivationConfigProperty(propertyName = "maxSessions", propertyValue = "2")
})
public class SlowBean implements MessageListener {
    @Resource
    private DataSource ds;

    @Override
    public void onMessage(Message message) {
        Journal.recordFor(ds, "SlowBean", message);
        try {
            Thread.sleep(300);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
