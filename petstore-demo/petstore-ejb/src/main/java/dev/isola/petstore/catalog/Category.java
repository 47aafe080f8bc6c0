package dev.isola.petstore.catalog;

import java.io.Serializable;

/** One of the five categories of the catalog (Fish, Dogs, Reptiles, Cats, Birds). */
public record Category(String id, String name, String description, String image) implements Serializable {
}
