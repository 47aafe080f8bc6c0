package dev.isola.admin.it.books;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.validation.constraints.NotBlank;
import org.hibernate.annotations.CreationTimestamp;

import java.time.Instant;

/**
 * A loan of the persistence IT's application: one of its columns is filled by a Hibernate annotation and another is
 * validated by a Jakarta Validation one, both of which the application must see.
 */
@Entity
public class Loan {

    @Id
    @GeneratedValue
    private Long id;

    @NotBlank
    private String title;

    @CreationTimestamp
    private Instant lent;

    public Loan() {
    }

    public Loan(String title) {
        this.title = title;
    }

    public String getTitle() {
        return title;
    }

    public Instant getLent() {
        return lent;
    }
}
