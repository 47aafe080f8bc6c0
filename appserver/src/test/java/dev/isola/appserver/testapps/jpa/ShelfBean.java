package dev.isola.appserver.testapps.jpa;

import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** A second bean of the same unit, for the propagation of a transaction's persistence context. */
@Stateless
public class ShelfBean {

    @PersistenceContext(unitName = "library")
    private EntityManager em;

    public boolean sameInstance(long id, Book seenByCaller) {
        return em.find(Book.class, id) == seenByCaller;
    }
}
