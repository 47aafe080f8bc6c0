package dev.isola.appserver.testapps.jpa;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** Books through a container-managed entity manager, in container-managed transactions. */
@Stateless
public class LibraryBean {

    @PersistenceContext
    private EntityManager em;

    @EJB
    private ShelfBean shelf;

    public long add(String title) {
        Book book = new Book(title);
        em.persist(book);
        return book.getId();
    }

    /** Persists, then fails: the container rolls the transaction back, and the book with it. */
    public void addThenFail(String title) {
        em.persist(new Book(title));
        em.flush();
        throw new IllegalStateException("failing after persisting " + title);
    }

    public String title(long id) {
        Book book = em.find(Book.class, id);
        return book == null ? "none" : book.getTitle();
    }

    public long count(String title) {
        return em.createNamedQuery("Book.titled", Book.class).setParameter("title", title).getResultList().size();
    }

    /** Renames a book without calling persist: the change of a managed entity is flushed at commit. */
    public void rename(long id, String title) {
        em.find(Book.class, id).setTitle(title);
    }

    /** Whether another bean called in this transaction sees the same persistence context: the very same instance. */
    public boolean sharesTheContext(String title) {
        Book book = new Book(title);
        em.persist(book);
        return shelf.sameInstance(book.getId(), book);
    }
}
