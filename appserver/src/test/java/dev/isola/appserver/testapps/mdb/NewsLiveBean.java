package dev.isola.appserver.testapps.mdb;

import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

import javax.sql.DataSource;

/** A non-durable subscriber of the news topic: two sessions, each message once. */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/News"),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Topic"),
        @ActivationConfigProperty(propertyName = "maxSessions", propertyValue = "2")
})
public class NewsLiveBean implements MessageListener {
    @Resource
    private DataSource ds;

    @Override
    public void onMessage(Message message) {
        Journal.record(ds, "NewsLiveBean", message, null);
    }
}
