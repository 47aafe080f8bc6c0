package dev.isola.appserver.testapps.jpa;

import jakarta.ejb.EJB;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceUnit;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** Drives InvoicesBean; reads an invoice back through the factory of the library's unit. */
@WebServlet("/invoices")
public class InvoicesServlet extends HttpServlet {

    @EJB
    private InvoicesBean invoices;

    @PersistenceUnit(unitName = "invoices")
    private EntityManagerFactory factory;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        long number = req.getParameter("number") == null ? 0 : Long.parseLong(req.getParameter("number"));
        String customer = req.getParameter("customer");
        String result;
        try {
            result = switch (req.getParameter("op")) {
                case "issue" -> {
                    invoices.issue(number, customer);
                    yield invoices.rows();
                }
                case "archive" -> {
                    invoices.archive(number, customer);
                    yield invoices.rows();
                }
                case "draft" -> {
                    invoices.draft(number, customer, Boolean.parseBoolean(req.getParameter("join")));
                    yield invoices.rows();
                }
                case "rows" -> invoices.rows();
                case "ledger" -> {
                    invoices.ledger(number, customer);
                    yield invoices.rows();
                }
                case "mixed" -> invoices.mixed(number);
                case "read" -> {
                    var em = factory.createEntityManager();
                    try {
                        Invoice invoice = em.find(Invoice.class, number);
                        yield invoice == null ? "none" : invoice.getCustomer();
                    } finally {
                        em.close();
                    }
                }
                default -> "unknown op";
            };
        } catch (Exception e) {
            throw new IOException(e);
        }
        resp.setContentType("text/plain");
        resp.getWriter().print(result);
    }
}
