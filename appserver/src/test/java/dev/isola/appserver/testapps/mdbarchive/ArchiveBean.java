package dev.isola.appserver.testapps.mdbarchive;

import dev.isola.appserver.testapps.mdb.Journal;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

import javax.sql.DataSource;

@MessageDriven(activationConfig = @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/Archive"))
public class ArchiveBean implements MessageListener {
    @Resource
    private DataSource ds;

    @Override
    public void onMessage(Message message) {
        Journal.recordFor(ds, "ArchiveBean", message);
    }
}
