package dev.isola.appserver.testapps.jpa;

import jakarta.ejb.PostActivate;
import jakarta.ejb.Stateful;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceUnit;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** A passivation-capable stateful bean holding the container's entity manager and factory, which must survive passivation. */
@Stateful
public class ReadingListBean implements Serializable {

    @PersistenceContext
    private EntityManager em;

    @PersistenceUnit
    private EntityManagerFactory emf;

    private final List<Long> books = new ArrayList<>();
    private int activations;

    public void add(String title) {
        Book book = new Book(title);
        em.persist(book);
        books.add(book.getId());
    }

    public String read() {
        List<String> titles = books.stream().map(id -> em.find(Book.class, id).getTitle()).toList();
        return titles + " activated=" + activations + " factoryOpen=" + emf.isOpen();
    }

    @PostActivate
    void activated() {
        activations++;
    }
}
