package dev.isola.appserver.testapps.split.web;

import dev.isola.appserver.testapps.split.ejb.Basket;
import dev.isola.appserver.testapps.split.ejb.OrderDesk;
import dev.isola.appserver.testapps.split.ejb.StockBean;
import dev.isola.appserver.testapps.split.model.Purchase;
import dev.isola.appserver.testapps.split.model.OutOfStock;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import jakarta.transaction.UserTransaction;

import javax.naming.InitialContext;
import java.io.IOException;
import java.util.concurrent.Future;

/** The web tier of the separated-domain test application: every operation answers one line of text. */
@WebServlet("/split")
public class SplitServlet extends HttpServlet {
    @EJB
    private OrderDesk desk;
    @EJB
    private StockBean stock;
    @Resource
    private ConnectionFactory factory;
    @Resource(lookup = "java:app/jms/SplitOrders")
    private Queue orders;
    @Resource
    private UserTransaction tx;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setContentType("text/plain");
        String result;
        try {
            result = switch (req.getParameter("op")) {
                case "place" -> Long.toString(desk.place(new Purchase(req.getParameter("item"), Integer.parseInt(req.getParameter("qty")))));
                case "status" -> desk.status(Long.parseLong(req.getParameter("id")));
                case "orders" -> String.join(";", desk.orders());
                case "notify" -> notifyShipping(Long.parseLong(req.getParameter("id")));
                case "basket-add" -> {
                    basket(req.getSession()).add(req.getParameter("item"));
                    yield "added";
                }
                case "basket-items" -> basket(req.getSession()).items().toString();
                case "basket-checkout" -> basket(req.getSession()).checkout().toString();
                case "basket-forget" -> {
                    req.getSession().removeAttribute("basket");
                    yield "forgotten";
                }
                case "baskets-distinct" -> {
                    Basket a = (Basket) new InitialContext().lookup("java:global/split/split-ejb/BasketBean!" + Basket.class.getName());
                    Basket b = (Basket) new InitialContext().lookup("java:app/split-ejb/BasketBean");
                    a.add("x");
                    yield a.equals(b) + " " + a.equals(a) + " " + a.items() + " " + b.items();
                }
                case "reserve" -> {
                    Purchase mine = new Purchase("pen", 3);
                    Purchase back = stock.reserve(mine);
                    yield "returned note '" + back.note() + "', caller's note '" + mine.note() + "', same object " + (back == mine);
                }
                case "audit" -> {
                    Future<String> f = stock.audit(req.getParameter("item"));
                    yield f.get();
                }
                case "mandatory" -> stock.mandatory();
                case "mandatory-in-tx" -> {
                    tx.begin();
                    try {
                        yield stock.mandatory();
                    } finally {
                        tx.rollback();
                    }
                }
                case "pids" -> ProcessHandle.current().pid() + " " + desk.pid();
                case "cause" -> {
                    try {
                        desk.place(new Purchase(req.getParameter("item"), 1));
                        yield "no exception";
                    } catch (RuntimeException e) {
                        yield e.getClass().getName() + " caused by " + e.getCause();
                    }
                }
                default -> throw new IllegalArgumentException("unknown op " + req.getParameter("op"));
            };
        } catch (OutOfStock e) {
            result = "OutOfStock: " + e.getMessage() + " (available " + e.available() + ")";
        } catch (Exception e) {
            result = e.getClass().getName() + ": " + e.getMessage();
        }
        resp.getWriter().print(result);
    }

    private String notifyShipping(long id) {
        try (JMSContext jms = factory.createContext()) {
            jms.createProducer().setProperty("orderId", id).send(orders, "ship " + id);
        }
        return "sent";
    }

    private static Basket basket(HttpSession session) throws Exception {
        Basket b = (Basket) session.getAttribute("basket");
        if (b == null) {
            b = (Basket) new InitialContext().lookup("java:global/split/split-ejb/BasketBean");
            session.setAttribute("basket", b);
        }
        return b;
    }
}
