package dev.isola.petstore.catalog;

import java.io.Serializable;

/** A kind of animal in one category; it is sold as one or more {@link Item}s. */
public record Product(String id, String categoryId, String categoryName, String name, String description,
                      String image) implements Serializable {
}
