package dev.isola.appserver.testapps.mdb;

import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.transaction.UserTransaction;

import javax.sql.DataSource;

/** Bean-managed transactions: its own UserTransaction; the container acknowledges after onMessage returns. */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:app/jms/Manual"),
        @ActivationConfigProperty(propertyName = "acknowledgeMode", propertyValue = "Dups-ok-acknowledge")
})
@TransactionManagement(TransactionManagementType.BEAN)
public class ManualBean implements MessageListener {
    @Resource
    private DataSource ds;
    @Resource
    private UserTransaction tx;

    @Override
    public void onMessage(Message message) {
        try {
            tx.begin();
            Journal.record(ds, "ManualBean", message, "bmt");
            tx.commit();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        if (Journal.text(message).startsWith("throw-once:") && !Journal.redelivered(message)) {
            throw new IllegalStateException("first delivery fails after its own transaction committed");
        }
    }
}
