package dev.isola.appserver.testapps.split.ejb;

import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** Marks an order shipped when its message arrives, in the delivery's transaction. */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/SplitOrders"),
        @ActivationConfigProperty(propertyName = "maxSessions", propertyValue = "2")
})
public class ShippingBean implements MessageListener {
    @Resource
    private DataSource ds;

    @Override
    public void onMessage(Message message) {
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement("UPDATE split_orders SET status = 'shipped' WHERE id = ?")) {
            s.setLong(1, message.getLongProperty("orderId"));
            s.executeUpdate();
        } catch (SQLException | JMSException e) {
            throw new IllegalStateException(e);
        }
    }
}
