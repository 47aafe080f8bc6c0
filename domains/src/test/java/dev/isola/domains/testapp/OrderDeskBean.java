package dev.isola.domains.testapp;

import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.Queue;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Sends each order to the orders queue, and reads what the processor recorded. */
@Stateless
@JMSDestinationDefinition(name = "java:app/jms/Orders", interfaceName = "jakarta.jms.Queue", destinationName = "orders")
public class OrderDeskBean implements OrderDesk {

    @Resource
    private ConnectionFactory factory;
    @Resource(lookup = "java:app/jms/Orders")
    private Queue orders;
    @Resource
    private DataSource ds;

    @Override
    public String place(String item) {
        try (JMSContext jms = factory.createContext()) {
            jms.createProducer().send(orders, item);
        }
        return "queued " + item;
    }

    @Override
    public List<String> processed() {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT ITEM FROM ORDERS ORDER BY ID")) {
            List<String> items = new ArrayList<>();
            while (rs.next()) {
                items.add(rs.getString(1));
            }
            return items;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the orders: " + e.getMessage(), e);
        }
    }
}
