package dev.isola.appserver.testapps.split.ejb;

import dev.isola.appserver.testapps.split.model.Purchase;
import dev.isola.appserver.testapps.split.model.OutOfStock;
import jakarta.ejb.Remote;

import java.util.List;

/** The remote view: orders stored in Derby and announced on a JMS queue that a message-driven bean consumes. */
@Remote
public interface OrderDesk {

    /** Stores the order and sends a message about it in the same transaction; returns its id. */
    long place(Purchase order) throws OutOfStock;

    /** "placed", "shipped" (after the message-driven bean processed it), or "unknown". */
    String status(long id);

    /** Orders with their status, oldest first: "id item quantity status". */
    List<String> orders();

    /** The process the bean runs in. */
    long pid();
}
