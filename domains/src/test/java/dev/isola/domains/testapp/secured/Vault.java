package dev.isola.domains.testapp.secured;

import jakarta.ejb.Remote;

import java.util.concurrent.Future;

/** The secured bean's view: across isolates in a separated domain. */
@Remote
public interface Vault {

    /** Who the bean sees as its caller: name and whether in roles customers and staff. */
    String whoAmI();

    /** Open to customers (the class's own permission). */
    String balance();

    /** Staff only. */
    String audit();

    /** Nobody. */
    String sealed();

    /** {@link #whoAmI()}, asynchronously. */
    Future<String> whoAmILater();
}
