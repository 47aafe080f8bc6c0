package dev.isola.domains.testapp;

import jakarta.ejb.Remote;

import java.util.List;

/** The business view the servlet calls: across isolates in a separated domain. */
@Remote
public interface OrderDesk {

    /** Queues an order for {@code item}; the message-driven processor records it. */
    String place(String item);

    /** The items processed so far, in order. */
    List<String> processed();
}
