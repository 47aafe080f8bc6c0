package dev.isola.appserver.testapps.split.ejb;

import dev.isola.appserver.testapps.split.model.Purchase;
import jakarta.ejb.Asynchronous;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

/** A no-interface view: local semantics in one isolate, by value across isolates. */
@Stateless
public class StockBean {

    /** Writes a note into the order it is given. */
    public Purchase reserve(Purchase order) {
        order.note("reserved " + order.quantity() + " " + order.item());
        return order;
    }

    @Asynchronous
    public Future<String> audit(String item) {
        return CompletableFuture.completedFuture("audited " + item + " on " + Thread.currentThread().isVirtual());
    }

    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public String mandatory() {
        return "ran in the caller's transaction";
    }
}
