package dev.isola.loadtests.throughput.products;

import jakarta.ejb.Local;

import java.math.BigDecimal;
import java.util.List;

/** Queries that locate subsets of the products, as the paper's throughput servlet does. */
@Local
public interface ProductCatalog {

    /** At most {@code limit} products priced from {@code min} to {@code max}, cheapest first. */
    List<Product> priceRange(BigDecimal min, BigDecimal max, int limit);

    /** How many products have a name that starts with {@code prefix}. */
    int countNamed(String prefix);
}
