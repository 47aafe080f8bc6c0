package dev.isola.appserver.testapps.leak;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** Sends an ObjectMessage to the application's message-driven bean and waits until the bean heard it. */
@WebServlet("/message")
public class LeakMessageServlet extends HttpServlet {
    @EJB
    private LeakBean bean;
    @Resource(lookup = "java:app/jms/leakFactory")
    private ConnectionFactory factory;
    @Resource(lookup = "java:app/jms/leak")
    private Queue queue;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        try (JMSContext jms = factory.createContext()) {
            jms.createProducer().send(queue, new LeakPayload("hello"));
        }
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (bean.lastHeard() == null && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                throw new IOException(e);
            }
        }
        resp.getWriter().print("heard " + bean.lastHeard());
    }
}
