package dev.isola.petstore.catalog;

import jakarta.ejb.Local;
import java.util.List;

/** Browsing and searching the catalog. */
@Local
public interface CatalogService {

    /** The five categories in catalog order. */
    List<Category> categories();

    Category category(String categoryId) throws CatalogEntryNotFoundException;

    List<Product> productsIn(String categoryId) throws CatalogEntryNotFoundException;

    Product product(String productId) throws CatalogEntryNotFoundException;

    List<Item> itemsOf(String productId) throws CatalogEntryNotFoundException;

    Item item(String itemId) throws CatalogEntryNotFoundException;

    /** Products whose names or descriptions (or their items') contain every word of {@code text}. */
    List<Product> search(String text);
}
