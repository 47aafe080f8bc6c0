package dev.isola.petstore.order;

import dev.isola.petstore.Resources;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJBException;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Consumes placed orders from the order queue, which this class also defines. Each message is
 * processed in a container-managed transaction: the status change, the status event and the
 * outbox notification commit together with the message's acknowledgement, and a failure rolls
 * all of it back so the message is delivered again.
 *
 * <p>The approval limit comes from the env entry {@value ApprovalPolicy#ENV_ENTRY}, declared in
 * {@code META-INF/ejb-jar.xml}; without it the limit is 500.00.
 */
@JMSDestinationDefinition(
        name = Resources.ORDER_QUEUE,
        interfaceName = "jakarta.jms.Queue",
        destinationName = Resources.ORDER_QUEUE_NAME,
        description = "Placed Pet Store orders, waiting for the order processor")
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = Resources.ORDER_QUEUE),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue")
})
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class OrderProcessorBean implements MessageListener {
    private static final System.Logger LOG = System.getLogger(OrderProcessorBean.class.getName());

    @Resource(lookup = Resources.DATA_SOURCE)
    private DataSource dataSource;

    @Resource(name = "approvalLimit")
    private String approvalLimit;

    private ApprovalPolicy policy;

    @PostConstruct
    void readConfiguration() {
        policy = ApprovalPolicy.fromEnvEntry(approvalLimit);
    }

    @Override
    public void onMessage(Message message) {
        if (!(message instanceof MapMessage map)) {
            LOG.log(Level.WARNING, "ignoring a {0} on the order queue; expected a MapMessage with ''{1}''",
                    message.getClass().getName(), OrderPlacedMessage.ORDER_ID);
            return;
        }
        long orderId;
        try {
            if (!map.itemExists(OrderPlacedMessage.ORDER_ID)) {
                LOG.log(Level.WARNING, "ignoring a message without ''{0}'' on the order queue", OrderPlacedMessage.ORDER_ID);
                return;
            }
            orderId = map.getLong(OrderPlacedMessage.ORDER_ID);
        } catch (JMSException e) {
            throw new EJBException("could not read the order number from a message: " + e.getMessage(), e);
        }
        try (Connection connection = dataSource.getConnection()) {
            Optional<OrderStatus> status = new OrderProcessing(connection, policy).process(orderId, Instant.now());
            if (status.isPresent()) {
                LOG.log(Level.INFO, "order {0} is now {1}", Long.toString(orderId), status.get());
            } else {
                LOG.log(Level.INFO, "order {0} is unknown or already processed; nothing to do", Long.toString(orderId));
            }
        } catch (SQLException e) {
            throw new EJBException("could not process order " + orderId + ": " + e.getMessage(), e);
        }
    }
}
