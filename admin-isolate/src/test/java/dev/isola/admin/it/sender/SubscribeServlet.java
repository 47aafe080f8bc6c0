package dev.isola.admin.it.sender;

import jakarta.annotation.Resource;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSRuntimeException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * Durable subscriptions that nothing consumes, for the operators' JMS tests:
 * {@code POST /sender/subscribe?topic=T&name=N&clientId=C} opens durable subscription N of client
 * id C on topic T and closes its consumer, so that what is published to T waits in it; without
 * {@code clientId}, a shared durable subscription without a client id. {@code POST /sender/publish?topic=T&count=N}
 * publishes N persistent text messages {@code "message i"} to T.
 */
@WebServlet({"/subscribe", "/publish"})
public class SubscribeServlet extends HttpServlet {

    @Resource
    private ConnectionFactory factory;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String topic = request.getParameter("topic");
        try (JMSContext jms = factory.createContext()) {
            if (request.getServletPath().equals("/publish")) {
                int count = Integer.parseInt(request.getParameter("count"));
                for (int i = 1; i <= count; i++) {
                    jms.createProducer().setProperty("index", i).send(jms.createTopic(topic), "message " + i);
                }
                response.getWriter().print("published " + count);
                return;
            }
            String name = request.getParameter("name");
            String clientId = request.getParameter("clientId");
            if (clientId != null) {
                jms.setClientID(clientId);
                jms.createDurableConsumer(jms.createTopic(topic), name).close();
            } else {
                jms.createSharedDurableConsumer(jms.createTopic(topic), name).close();
            }
            response.getWriter().print("subscribed " + name);
        } catch (JMSRuntimeException e) {
            response.sendError(500, e.getMessage());
        }
    }
}
