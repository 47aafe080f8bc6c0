package dev.isola.petstore.catalog;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.List;

/**
 * What a customer puts in the cart: one variant of a product (for example an adult male Koi),
 * with its own price, attributes and stock.
 */
public record Item(String id, String productId, String productName, String categoryId, String categoryName,
                   String name, String description, String image, BigDecimal listPrice,
                   List<String> attributes, int stock) implements Serializable {

    public Item {
        attributes = List.copyOf(attributes);
    }

    public boolean inStock() {
        return stock > 0;
    }
}
