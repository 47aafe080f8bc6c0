package dev.isola.petstore.cart;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.List;

/**
 * One item in the cart with the quantity wanted. Price, names and stock are as the catalog showed
 * them when the item was added; checkout reads the authoritative price and stock again.
 */
public record CartLine(String itemId, String productId, String productName, String itemName,
                       List<String> attributes, String image, BigDecimal unitPrice, int quantity,
                       int stockWhenAdded) implements Serializable {

    public CartLine {
        attributes = List.copyOf(attributes);
        Cart.checkQuantity(itemId, quantity);
    }

    public BigDecimal lineTotal() {
        return unitPrice.multiply(BigDecimal.valueOf(quantity));
    }

    /** Whether more are wanted than the catalog had in stock when the item was added. */
    public boolean exceedsStock() {
        return quantity > stockWhenAdded;
    }

    CartLine withQuantity(int newQuantity) {
        return new CartLine(itemId, productId, productName, itemName, attributes, image, unitPrice, newQuantity,
                stockWhenAdded);
    }
}
