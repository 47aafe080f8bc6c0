package dev.isola.admin.it.books;

import jakarta.annotation.Resource;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.transaction.UserTransaction;
import jakarta.validation.ConstraintViolationException;

import java.io.IOException;

/**
 * Lends a book in a UserTransaction, then reads every loan of that title back outside one, with a query of the unit's orm.xml;
 * a loan without a title is refused by the entity's validation.
 */
@WebServlet("/loans")
public class LoansServlet extends HttpServlet {

    @PersistenceContext
    private EntityManager em;

    @Resource
    private UserTransaction utx;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String title = req.getParameter("title");
        try {
            utx.begin();
            try {
                em.persist(new Loan(title));
                utx.commit();
            } catch (RuntimeException e) {
                utx.rollback();
                throw e;
            }
        } catch (Exception e) {
            // the provider validates the entity when it writes it, at the commit: the violation is the rollback's cause
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof ConstraintViolationException violation) {
                    resp.setContentType("text/plain");
                    resp.getWriter().print("refused: " + violation.getConstraintViolations().iterator().next().getMessage());
                    return;
                }
            }
            throw new IOException(e);
        }
        var loans = em.createNamedQuery("Loan.titled", Loan.class).setParameter("title", title).getResultList();
        resp.setContentType("text/plain");
        resp.getWriter().print(loans.size() + " loans of " + title + ", timestamped " + loans.stream().allMatch(l -> l.getLent() != null));
    }
}
