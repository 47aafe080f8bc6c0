package dev.isola.domains.testapp;

import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.TextMessage;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** Records every order that arrives on the queue in Derby, in the delivery's transaction. */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/Orders"),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue")
})
public class OrderProcessorBean implements MessageListener {

    @Resource
    private DataSource ds;

    @Override
    public void onMessage(Message message) {
        try (Connection c = ds.getConnection(); PreparedStatement insert = c.prepareStatement("INSERT INTO ORDERS (ITEM) VALUES (?)")) {
            insert.setString(1, ((TextMessage) message).getText());
            insert.executeUpdate();
        } catch (SQLException | JMSException e) {
            throw new IllegalStateException("cannot record an order: " + e.getMessage(), e);
        }
    }
}
