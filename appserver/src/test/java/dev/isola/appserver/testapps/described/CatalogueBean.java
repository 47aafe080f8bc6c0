package dev.isola.appserver.testapps.described;

import dev.isola.appserver.testapps.jpa.Book;
import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;

/** A bean without injection annotations: its ejb-jar.xml gives it its entity manager. */
@Stateless
public class CatalogueBean {

    private EntityManager books;

    public long add(String title) {
        Book book = new Book(title);
        books.persist(book);
        return book.getId();
    }

    public String title(long id) {
        return books.find(Book.class, id).getTitle();
    }
}
