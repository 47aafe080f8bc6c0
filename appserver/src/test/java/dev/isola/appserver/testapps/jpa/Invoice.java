package dev.isola.appserver.testapps.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** An entity of an EAR library's persistence units, mapped by two units onto two databases. */
@Entity
public class Invoice {

    @Id
    private long number;

    private String customer;

    public Invoice() {
    }

    public Invoice(long number, String customer) {
        this.number = number;
        this.customer = customer;
    }

    public String getCustomer() {
        return customer;
    }
}
