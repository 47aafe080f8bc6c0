package dev.isola.appserver.testapps.split.model;

import java.io.Serializable;

/** An order as the web tier builds it and the EJB tier stores it; mutable, to show by-value and by-reference calls. */
public class Purchase implements Serializable {
    private final String item;
    private final int quantity;
    private String note = "";

    public Purchase(String item, int quantity) {
        this.item = item;
        this.quantity = quantity;
    }

    public String item() {
        return item;
    }

    public int quantity() {
        return quantity;
    }

    public String note() {
        return note;
    }

    public void note(String note) {
        this.note = note;
    }
}
