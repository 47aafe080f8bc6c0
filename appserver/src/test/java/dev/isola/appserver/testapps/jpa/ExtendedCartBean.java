package dev.isola.appserver.testapps.jpa;

import jakarta.ejb.Stateful;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceContextType;

/** A stateful bean asking for an extended persistence context, which the server does not offer yet. */
@Stateful
public class ExtendedCartBean {

    @PersistenceContext(type = PersistenceContextType.EXTENDED)
    private EntityManager em;

    public boolean holds(Book book) {
        return em.contains(book);
    }
}
