package dev.isola.appserver.testapps.mdbarchive;

import dev.isola.appserver.testapps.mdb.Journal;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

import javax.sql.DataSource;

/** A durable subscriber of the news topic: what is published while the application is away waits for it. */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/News"),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Topic"),
        @ActivationConfigProperty(propertyName = "subscriptionDurability", propertyValue = "Durable"),
        @ActivationConfigProperty(propertyName = "subscriptionName", propertyValue = "news-archive"),
        @ActivationConfigProperty(propertyName = "clientId", propertyValue = "archive-app")
})
public class NewsArchiveBean implements MessageListener {
    @Resource
    private DataSource ds;

    @Override
    public void onMessage(Message message) {
        Journal.recordFor(ds, "NewsArchiveBean", message);
    }
}
