package dev.isola.appserver.testapps.split.ejb;

import dev.isola.appserver.testapps.split.model.Purchase;
import dev.isola.appserver.testapps.split.model.OutOfStock;
import dev.isola.appserver.testapps.split.model.Refused;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.Queue;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

@Stateless
@JMSDestinationDefinition(name = "java:app/jms/SplitOrders", interfaceName = "jakarta.jms.Queue", destinationName = "split.orders")
public class OrderDeskBean implements OrderDesk {
    @Resource
    private DataSource ds;
    @Resource
    private ConnectionFactory factory;
    @Resource(lookup = "java:app/jms/SplitOrders")
    private Queue orders;

    @Override
    public long place(Purchase order) throws OutOfStock {
        if (order.quantity() > 100) {
            throw new OutOfStock("only 100 of " + order.item() + " in stock", 100);
        }
        if (order.item().equals("forbidden")) {
            throw new Refused("we do not sell " + order.item());
        }
        if (order.item().equals("boom")) {
            throw new IllegalStateException("boom: the desk broke");
        }
        long id;
        try (Connection c = ds.getConnection();
             PreparedStatement s = c.prepareStatement("INSERT INTO split_orders(item, quantity, status) VALUES (?, ?, 'placed')",
                     Statement.RETURN_GENERATED_KEYS)) {
            s.setString(1, order.item());
            s.setInt(2, order.quantity());
            s.executeUpdate();
            try (ResultSet keys = s.getGeneratedKeys()) {
                keys.next();
                id = keys.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        try (JMSContext jms = factory.createContext()) {
            jms.createProducer().setProperty("orderId", id).send(orders, "ship " + id);
        }
        return id;
    }

    @Override
    public String status(long id) {
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement("SELECT status FROM split_orders WHERE id = ?")) {
            s.setLong(1, id);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? r.getString(1) : "unknown";
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public List<String> orders() {
        List<String> all = new ArrayList<>();
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT id, item, quantity, status FROM split_orders ORDER BY id")) {
            while (r.next()) {
                all.add(r.getLong(1) + " " + r.getString(2) + " " + r.getInt(3) + " " + r.getString(4));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return all;
    }

    @Override
    public long pid() {
        return ProcessHandle.current().pid();
    }
}
