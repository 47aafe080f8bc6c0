package dev.isola.appserver.testapps.jpa;

import jakarta.ejb.EJB;
import jakarta.ejb.Remove;
import jakarta.ejb.Stateful;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceContextType;

/** A stateful bean with an extended persistence context: its entities stay managed from call to call and transaction to transaction. */
@Stateful
public class ExtendedCartBean {

    @PersistenceContext(type = PersistenceContextType.EXTENDED)
    private EntityManager em;

    @EJB
    private ShelfBean shelf;

    private Book held;

    public long add(String title) {
        held = new Book(title);
        em.persist(held);
        return held.getId();
    }

    /** In a later call and transaction: the same instance, still managed. */
    public boolean stillManaged() {
        return em.contains(held) && em.find(Book.class, held.getId()) == held;
    }

    /** Outside any transaction: the change waits in the persistence context. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public void renameOutsideATransaction(String title) {
        held.setTitle(title);
    }

    /** Joins a transaction, which writes the waiting change at its commit. */
    public void save() {
        em.flush();
    }

    /** A stateless bean called in this bean's transaction sees this bean's extended persistence context. */
    public boolean sharedWithTheBeansItCalls() {
        em.find(Book.class, held.getId());
        return shelf.sameInstance(held.getId(), held);
    }

    @Remove
    public void done() {
    }
}
