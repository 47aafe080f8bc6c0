package dev.isola.appserver.testapps.jpa;

import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceContextType;

/** A stateless bean asking for an extended persistence context, which only stateful beans may have. */
@Stateless
public class ExtendedInStatelessBean {

    @PersistenceContext(type = PersistenceContextType.EXTENDED)
    private EntityManager em;

    public boolean holds(Book book) {
        return em.contains(book);
    }
}
