package dev.isola.petstore.catalog;

import jakarta.ejb.ApplicationException;
import java.io.Serial;

/**
 * A category, product or item id that is not in the catalog, typically a mistyped or tampered
 * link. The message names the kind of entry and the id.
 */
@ApplicationException(rollback = false)
public class CatalogEntryNotFoundException extends Exception {
    @Serial
    private static final long serialVersionUID = 1L;

    private final String kind;
    private final String id;

    public CatalogEntryNotFoundException(String kind, String id) {
        super("There is no " + kind + " with id '" + id + "' in the catalog.");
        this.kind = kind;
        this.id = id;
    }

    public String kind() {
        return kind;
    }

    public String id() {
        return id;
    }
}
