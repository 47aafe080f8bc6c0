package dev.isola.appserver.testapps.mdb;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Destination;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.TextMessage;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import javax.naming.InitialContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Sends, receives and browses for the tests, and calls the beans that use JMS in transactions. */
@WebServlet("/jms")
public class MdbServlet extends HttpServlet {
    @Resource
    private ConnectionFactory defaultFactory;
    @Resource(lookup = "java:app/jms/Factory")
    private ConnectionFactory namedFactory;
    @Resource(lookup = "java:app/jms/Work")
    private Queue work;
    @EJB
    private SenderBean sender;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setContentType("text/plain");
        String result;
        try {
            result = switch (req.getParameter("op")) {
                case "send" -> send(req);
                case "receive" -> receive(req.getParameter("dest"), req.getParameter("tag"), Long.parseLong(req.getParameter("timeout")));
                case "browse" -> browse(req.getParameter("dest"));
                case "inject" -> inject();
                case "order" -> {
                    sender.placeOrder(req.getParameter("tag"), req.getParameter("outcome"));
                    yield "ok";
                }
                case "classic" -> sender.placeOrderClassic(req.getParameter("tag"), Boolean.parseBoolean(req.getParameter("fail")));
                case "partly" -> {
                    sender.partlyCommitted(req.getParameter("tag"));
                    yield "ok";
                }
                case "take-back" -> sender.receiveAndRollBack(req.getParameter("tag"));
                default -> throw new IllegalArgumentException(req.getParameter("op"));
            };
        } catch (Exception e) {
            result = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        resp.getWriter().print(result);
    }

    private static Destination destination(String name) throws Exception {
        return (Destination) new InitialContext().lookup("java:app/jms/" + name);
    }

    /** Sends {@code text} to {@code dest}; {@code props} are name=value pairs (numbers become int properties). */
    private String send(HttpServletRequest req) throws Exception {
        try (JMSContext jms = defaultFactory.createContext()) {
            JMSProducer producer = jms.createProducer();
            String props = req.getParameter("props");
            if (props != null && !props.isEmpty()) {
                for (String p : props.split(",")) {
                    String[] kv = p.split("=", 2);
                    if (kv[1].matches("-?\\d+")) {
                        producer.setProperty(kv[0], Integer.parseInt(kv[1]));
                    } else {
                        producer.setProperty(kv[0], kv[1]);
                    }
                }
            }
            for (String text : req.getParameterValues("text")) {
                producer.send(destination(req.getParameter("dest")), text);
            }
        }
        return "sent";
    }

    private String receive(String dest, String tag, long timeout) throws Exception {
        try (JMSContext jms = defaultFactory.createContext()) {
            JMSConsumer consumer = jms.createConsumer(destination(dest), tag == null ? null : "tag = '" + tag + "'");
            Message m = consumer.receive(timeout);
            if (m == null) {
                return "none";
            }
            return ((TextMessage) m).getText() + "|redelivered=" + m.getJMSRedelivered() + "|count=" + m.getIntProperty("JMSXDeliveryCount");
        }
    }

    private String browse(String dest) throws Exception {
        try (JMSContext jms = defaultFactory.createContext()) {
            QueueBrowser browser = jms.createBrowser((Queue) destination(dest));
            List<String> lines = new ArrayList<>();
            for (Message m : Collections.list((java.util.Enumeration<Message>) browser.getEnumeration())) {
                lines.add(((TextMessage) m).getText() + "|from=" + m.getStringProperty("JMS_Isola_OriginalDestination")
                        + "|reason=" + m.getStringProperty("JMS_Isola_DeadLetterReason"));
            }
            return String.join("\n", lines);
        }
    }

    /** What was injected, compared with what JNDI gives, and a message sent and received with the named factory. */
    private String inject() throws Exception {
        InitialContext ic = new InitialContext();
        Object looked = ic.lookup("java:comp/DefaultJMSConnectionFactory");
        String text;
        String clientId;
        try (JMSContext jms = namedFactory.createContext()) {
            clientId = jms.getClientID();
            jms.createProducer().setProperty("tag", "inject").send(destination("Outbound"), "injected:inject");
            text = ((TextMessage) jms.createConsumer(destination("Outbound"), "tag = 'inject'").receive(5000)).getText();
        }
        return "default same as lookup: " + (defaultFactory == looked) + ", work queue: " + work.getQueueName()
                + ", equals lookup: " + work.equals(ic.lookup("java:app/jms/Work")) + ", named factory client id: " + clientId + ", round trip: " + text;
    }
}
