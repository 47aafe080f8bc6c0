package dev.isola.appserver.testapps.ejbs;

import jakarta.ejb.ConcurrentAccessTimeoutException;
import jakarta.ejb.EJB;
import jakarta.ejb.NoSuchEJBException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Exercises the bean kinds; each op answers one line the test compares with what the specification says. */
@WebServlet("/ejb")
public class EjbsServlet extends HttpServlet {

    @EJB
    private GateBean gate;
    @EJB
    private PooledBean pooled;
    @EJB
    private PooledBean pooledAgain;
    @EJB
    private RegistryBean registry;
    @EJB
    private TracedBean traced;
    @EJB
    private AsyncBean async;
    @EJB
    private TickerBean ticker;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setContentType("text/plain");
        try {
            resp.getWriter().print(switch (req.getParameter("op")) {
                case "pool" -> pool();
                case "stateful" -> stateful();
                case "passivation" -> passivation();
                case "timeout" -> statefulTimeout();
                case "lock" -> lock();
                case "interceptors" -> traced.traced() + " | " + traced.plain();
                case "async" -> async();
                case "timers-start" -> {
                    ticker.startTimers();
                    yield "started";
                }
                case "timers" -> ticker.state();
                default -> throw new IllegalArgumentException(req.getParameter("op"));
            });
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    private String pool() throws Exception {
        gate.reset("pool");
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<?> a = threads.submit(() -> pooled.hold());
            Future<?> b = threads.submit(() -> pooled.hold());
            if (!gate.awaitEntered("pool", 2)) {
                return "two calls never got in";
            }
            String third;
            try {
                pooled.hold();
                third = "served";
            } catch (ConcurrentAccessTimeoutException e) {
                third = "ConcurrentAccessTimeoutException";
            }
            gate.open("pool");
            a.get();
            b.get();
            return "third=" + third + " " + PooledBean.stats() + " sameReference=" + pooled.equals(pooledAgain);
        }
    }

    private Cart newCart() throws NamingException {
        return (Cart) new InitialContext().lookup("java:app/ejbs-ejb/CartBean");
    }

    private String stateful() throws NamingException {
        Cart one = newCart();
        Cart two = newCart();
        one.add("apple");
        one.add("pear");
        two.add("plum");
        String identity = "oneEqualsOne=" + one.equals(one) + " oneEqualsTwo=" + one.equals(two);
        String contents = " one=" + one.items() + " two=" + two.items();
        List<String> checkedOut = one.checkout();
        String afterRemove;
        try {
            one.items();
            afterRemove = "still there";
        } catch (NoSuchEJBException e) {
            afterRemove = "NoSuchEJBException";
        }
        return identity + contents + " checkout=" + checkedOut + " afterRemove=" + afterRemove + " twoStill=" + two.items();
    }

    private String passivation() throws NamingException {
        InitialContext ctx = new InitialContext();
        NotebookBean first = (NotebookBean) ctx.lookup("java:global/ejbs/ejbs-ejb/NotebookBean");
        first.write("keep me");
        NotebookBean second = (NotebookBean) ctx.lookup("java:global/ejbs/ejbs-ejb/NotebookBean");
        second.write("2");
        NotebookBean third = (NotebookBean) ctx.lookup("java:global/ejbs/ejbs-ejb/NotebookBean");
        third.write("3");
        return first.read();
    }

    private String statefulTimeout() throws Exception {
        ShortLivedBean bean = (ShortLivedBean) new InitialContext().lookup("java:app/ejbs-ejb/ShortLivedBean");
        int destroyedBefore = ShortLivedBean.DESTROYED.get();
        String first = bean.ping();
        long start = System.nanoTime();
        while (ShortLivedBean.DESTROYED.get() == destroyedBefore && System.nanoTime() - start < 15_000_000_000L) {
            Thread.sleep(50);
        }
        boolean afterTimeout = System.nanoTime() - start >= 900_000_000L;
        try {
            bean.ping();
            return first + " and never timed out";
        } catch (NoSuchEJBException e) {
            return first + " then NoSuchEJBException after>=1s:" + afterTimeout;
        }
    }

    private String lock() throws Exception {
        gate.reset("registry");
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<?> a = threads.submit(() -> registry.read());
            Future<?> b = threads.submit(() -> registry.read());
            boolean bothIn = gate.awaitEntered("registry", 2);
            String writeWhileReading;
            try {
                registry.write();
                writeWhileReading = "ran";
            } catch (ConcurrentAccessTimeoutException e) {
                writeWhileReading = "ConcurrentAccessTimeoutException";
            }
            gate.open("registry");
            a.get();
            b.get();
            return "readersTogether=" + bothIn + " writeWhileReading=" + writeWhileReading + " writeAfter=" + registry.write();
        }
    }

    private String async() throws Exception {
        String where = async.where(Thread.currentThread().threadId()).get();
        int length = async.length("hello").get();
        String failure;
        try {
            async.fail().get();
            failure = "none";
        } catch (ExecutionException e) {
            failure = e.getCause().getClass().getSimpleName() + ":" + e.getCause().getMessage();
        }
        return where + " length=" + length + " failure=" + failure;
    }
}
