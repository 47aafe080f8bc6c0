package dev.isola.appserver.testapps.jpa;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceUnit;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.transaction.UserTransaction;

import javax.naming.InitialContext;
import java.io.IOException;

/** The web side of the library: persistence outside transactions, in a UserTransaction, and through the bean. */
@WebServlet("/library")
public class LibraryServlet extends HttpServlet {

    @PersistenceContext
    private EntityManager em;

    @PersistenceUnit
    private EntityManagerFactory emf;

    @Resource
    private UserTransaction utx;

    @EJB
    private LibraryBean library;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String title = req.getParameter("title");
        String result;
        try {
            result = switch (req.getParameter("op")) {
                case "add" -> String.valueOf(library.add(title));
                case "addThenFail" -> {
                    try {
                        library.addThenFail(title);
                        yield "not failed";
                    } catch (RuntimeException e) {
                        yield "failed";
                    }
                }
                case "count" -> String.valueOf(library.count(title));
                case "title" -> library.title(Long.parseLong(req.getParameter("id")));
                case "rename" -> {
                    library.rename(Long.parseLong(req.getParameter("id")), title);
                    yield "renamed";
                }
                case "shared" -> String.valueOf(library.sharesTheContext(title));
                case "findOutside" -> {
                    Book book = em.find(Book.class, Long.parseLong(req.getParameter("id")));
                    yield book.getTitle() + ", managed " + em.contains(book);
                }
                case "readHere" -> {
                    // the servlet's own entity manager, whose unit starts in this isolate at this first use
                    try {
                        Book book = em.find(Book.class, Long.parseLong(req.getParameter("id")));
                        yield book == null ? "none" : book.getTitle();
                    } catch (RuntimeException e) {
                        yield e.getClass().getSimpleName() + ": " + e.getMessage();
                    }
                }
                case "queryOutside" -> String.valueOf(em.createNamedQuery("Book.titled", Book.class).setParameter("title", title)
                        .getResultList().size());
                case "persistOutside" -> {
                    try {
                        em.persist(new Book(title));
                        yield "persisted";
                    } catch (RuntimeException e) {
                        yield e.getClass().getSimpleName() + ": " + e.getMessage();
                    }
                }
                case "userTransaction" -> {
                    utx.begin();
                    Book book = new Book(title);
                    em.persist(book);
                    boolean managed = em.contains(book);
                    if ("rollback".equals(req.getParameter("end"))) {
                        utx.rollback();
                    } else {
                        utx.commit();
                    }
                    yield "managed " + managed;
                }
                case "close" -> {
                    try {
                        em.close();
                        yield "closed";
                    } catch (IllegalStateException e) {
                        yield "refused";
                    }
                }
                case "factory" -> {
                    EntityManager own = emf.createEntityManager();
                    try {
                        long n = own.createQuery("select count(b) from Book b where b.title = :title", Long.class)
                                .setParameter("title", title).getSingleResult();
                        yield n + " from an application-managed entity manager";
                    } finally {
                        own.close();
                    }
                }
                case "closeFactory" -> {
                    try {
                        emf.close();
                        yield "closed";
                    } catch (IllegalStateException e) {
                        yield "refused";
                    }
                }
                case "passivation" -> {
                    // the server keeps two stateful instances in memory: the third passivates the first
                    InitialContext ctx = new InitialContext();
                    String name = "java:app/" + req.getParameter("module") + "/ReadingListBean";
                    ReadingListBean first = (ReadingListBean) ctx.lookup(name);
                    first.add(title);
                    ((ReadingListBean) ctx.lookup(name)).add("second");
                    ((ReadingListBean) ctx.lookup(name)).add("third");
                    yield first.read();
                }
                case "extended" -> {
                    ExtendedCartBean cart = (ExtendedCartBean) new InitialContext().lookup("java:app/" + req.getParameter("module")
                            + "/ExtendedCartBean");
                    long id = cart.add(title);
                    boolean managed = cart.stillManaged();
                    cart.renameOutsideATransaction(title + " (revised)");
                    String beforeSave = library.title(id);
                    cart.save();
                    String afterSave = library.title(id);
                    boolean shared = cart.sharedWithTheBeansItCalls();
                    cart.done();
                    String afterRemove;
                    try {
                        cart.stillManaged();
                        afterRemove = "still there";
                    } catch (jakarta.ejb.NoSuchEJBException e) {
                        afterRemove = "removed";
                    }
                    yield "managed " + managed + ", before save " + beforeSave + ", after save " + afterSave + ", shared " + shared
                            + ", " + afterRemove;
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
