package dev.isola.appserver.testapps.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;

/** A book of the library test application: a plain entity with a generated key. */
@Entity
@NamedQuery(name = "Book.titled", query = "select b from Book b where b.title = :title")
public class Book {

    @Id
    @GeneratedValue
    private Long id;

    private String title;

    public Book() {
    }

    public Book(String title) {
        this.title = title;
    }

    public Long getId() {
        return id;
    }

    public String getTitle() {
        return title;
    }

    public void setTitle(String title) {
        this.title = title;
    }
}
