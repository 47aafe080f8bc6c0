package dev.isola.appserver.testapps.described;

import dev.isola.appserver.testapps.jpa.Book;
import jakarta.annotation.Resource;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import javax.naming.InitialContext;
import javax.sql.DataSource;
import java.io.IOException;
import java.sql.Connection;

/**
 * A servlet whose references its web.xml declares, as applications written before annotations
 * did: fields and a setter injected by {@code <injection-target>}s, an entry only looked up, and
 * an annotation whose lookup name the descriptor overrides.
 */
public class DescribedServlet extends HttpServlet {

    private DataSource data;
    private CatalogueBean catalogue;
    private EntityManager em;
    private EntityManagerFactory factory;
    private String greeting;
    private int shelves;

    /** The annotation names nothing bound; the descriptor's entry of the same name says where to look. */
    @Resource(name = "jdbc/Overridden", lookup = "java:comp/NoSuchDataSource")
    private DataSource overridden;

    public void setEntityManagerFactory(EntityManagerFactory factory) {
        this.factory = factory;
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String result;
        try (Connection c = data.getConnection(); Connection o = overridden.getConnection()) {
            long id = catalogue.add(req.getParameter("title"));
            Book book = em.find(Book.class, id);
            DataSource looked = (DataSource) new InitialContext().lookup("java:comp/env/jdbc/LookedUp");
            try (Connection l = looked.getConnection()) {
                result = "data " + c.getMetaData().getDatabaseProductName() + ", overridden " + o.getMetaData().getDatabaseProductName()
                        + ", looked up " + l.getMetaData().getDatabaseProductName() + ", bean " + catalogue.title(id) + ", servlet " + book.getTitle()
                        + ", factory open " + factory.isOpen() + ", " + greeting + " " + shelves;
            }
        } catch (Exception e) {
            throw new IOException(e);
        }
        resp.setContentType("text/plain");
        resp.getWriter().print(result);
    }
}
