package dev.isola.loadtests.throughput.products;

import java.io.Serializable;
import java.math.BigDecimal;

/** A row of the product relation: the paper's products, identified by name and with a price. */
public record Product(int id, String name, BigDecimal price) implements Serializable {
}
