package dev.isola.admin.it.sender;

import jakarta.annotation.Resource;
import jakarta.jms.BytesMessage;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * Puts messages on a queue that nothing consumes, for the operators' JMS tests:
 * {@code POST /sender/send?queue=Q&count=N} sends N persistent text messages {@code "message i"}
 * (properties {@code index} and {@code customer}, correlation id {@code corr-i}, JMSType
 * {@code Note}); {@code &kind=bytes} sends one bytes message of five bytes instead.
 */
@WebServlet("/send")
public class SendServlet extends HttpServlet {

    @Resource
    private ConnectionFactory factory;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String queue = request.getParameter("queue");
        try (JMSContext jms = factory.createContext()) {
            JMSProducer producer = jms.createProducer();
            if ("bytes".equals(request.getParameter("kind"))) {
                BytesMessage bytes = jms.createBytesMessage();
                bytes.writeBytes(new byte[]{1, 2, 3, 4, 5});
                producer.send(jms.createQueue(queue), bytes);
                response.getWriter().print("sent 1");
                return;
            }
            int count = Integer.parseInt(request.getParameter("count"));
            for (int i = 1; i <= count; i++) {
                producer.setProperty("index", i).setProperty("customer", "c" + i).setJMSCorrelationID("corr-" + i).setJMSType("Note")
                        .send(jms.createQueue(queue), "message " + i);
            }
            response.getWriter().print("sent " + count);
        } catch (jakarta.jms.JMSException e) {
            response.sendError(500, e.getMessage());
        }
    }
}
