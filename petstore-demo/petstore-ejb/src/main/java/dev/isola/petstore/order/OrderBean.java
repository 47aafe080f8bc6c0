package dev.isola.petstore.order;

import dev.isola.petstore.Resources;
import dev.isola.petstore.cart.CartLine;
import dev.isola.petstore.validation.FieldErrors;
import dev.isola.petstore.validation.InvalidInputException;
import jakarta.annotation.Resource;
import jakarta.ejb.EJBException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Queue;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.YearMonth;
import java.util.List;
import javax.sql.DataSource;

/**
 * Places orders. {@link #placeOrder} runs in a container-managed transaction that spans the
 * stock reservation, the order rows and the JMS send: the order processor sees the message only
 * if the order committed, and a failure anywhere leaves neither order nor reserved stock.
 */
@Stateless
public class OrderBean implements OrderService {

    @Resource(lookup = Resources.DATA_SOURCE)
    private DataSource dataSource;

    @Resource(lookup = Resources.JMS_CONNECTION_FACTORY)
    private ConnectionFactory connectionFactory;

    @Resource(lookup = Resources.ORDER_QUEUE)
    private Queue orderQueue;

    @Override
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public PlacedOrder placeOrder(String userId, CheckoutForm form, List<CartLine> lines)
            throws InvalidInputException, CheckoutException {
        FieldErrors errors = form.validate(YearMonth.now());
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
        PlacedOrder placed;
        try (Connection connection = dataSource.getConnection()) {
            placed = new OrderPlacement(connection).place(userId, lines, form, Instant.now());
        } catch (SQLException e) {
            throw new EJBException("could not place the order of '" + userId + "': " + e.getMessage(), e);
        }
        try (JMSContext jms = connectionFactory.createContext()) {
            MapMessage message = jms.createMapMessage();
            message.setLong(OrderPlacedMessage.ORDER_ID, placed.orderId());
            message.setLongProperty(OrderPlacedMessage.ORDER_ID, placed.orderId());
            jms.createProducer().setDeliveryMode(DeliveryMode.PERSISTENT).send(orderQueue, message);
        } catch (JMSException e) {
            throw new EJBException("could not queue order " + placed.orderId() + ": " + e.getMessage(), e);
        }
        return placed;
    }

    @Override
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<OrderSummary> ordersOf(String userId) {
        try (Connection connection = dataSource.getConnection()) {
            return new OrderRepository(connection).ordersOf(userId);
        } catch (SQLException e) {
            throw new EJBException("could not list the orders of '" + userId + "': " + e.getMessage(), e);
        }
    }

    @Override
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Order order(String userId, long orderId) throws OrderNotFoundException {
        try (Connection connection = dataSource.getConnection()) {
            return new OrderRepository(connection).order(orderId, userId)
                    .orElseThrow(() -> new OrderNotFoundException(orderId));
        } catch (SQLException e) {
            throw new EJBException("could not read order " + orderId + ": " + e.getMessage(), e);
        }
    }
}
