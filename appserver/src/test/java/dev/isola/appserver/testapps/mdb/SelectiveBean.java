package dev.isola.appserver.testapps.mdb;

import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

import javax.sql.DataSource;

/** Takes only the messages its selector selects. */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/Selective"),
        @ActivationConfigProperty(propertyName = "messageSelector", propertyValue = "kind = 'wanted' AND priority BETWEEN 1 AND 5")
})
public class SelectiveBean implements MessageListener {
    @Resource
    private DataSource ds;

    @Override
    public void onMessage(Message message) {
        Journal.record(ds, "SelectiveBean", message, null);
    }
}
