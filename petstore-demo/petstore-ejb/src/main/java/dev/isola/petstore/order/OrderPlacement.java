package dev.isola.petstore.order;

import dev.isola.petstore.cart.CartLine;
import dev.isola.petstore.catalog.CatalogRepository;
import dev.isola.petstore.catalog.Item;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Places an order inside the caller's transaction: reserves stock for every line, charges the
 * catalog's current prices, and writes the order, its lines and its first status event.
 *
 * <p>It never commits or rolls back. If it throws, the caller must roll back (the order bean's
 * container-managed transaction does, because every {@link CheckoutException} is an application
 * exception with {@code rollback = true}), so stock reserved for earlier lines is returned.
 */
public final class OrderPlacement {
    private final Connection connection;

    public OrderPlacement(Connection connection) {
        this.connection = connection;
    }

    public PlacedOrder place(String userId, List<CartLine> lines, CheckoutForm form, Instant now)
            throws CheckoutException, SQLException {
        if (lines.isEmpty()) {
            throw new EmptyCartException();
        }
        Set<String> seen = new HashSet<>();
        for (CartLine line : lines) {
            if (!seen.add(line.itemId())) {
                throw new IllegalArgumentException("item '" + line.itemId() + "' appears on two lines of one order");
            }
        }
        Map<String, BigDecimal> prices = reserve(lines);
        BigDecimal total = BigDecimal.ZERO.setScale(2);
        int itemCount = 0;
        for (CartLine line : lines) {
            total = total.add(prices.get(line.itemId()).multiply(BigDecimal.valueOf(line.quantity())));
            itemCount += line.quantity();
        }
        OrderRepository orders = new OrderRepository(connection);
        long orderId = orders.insertOrder(userId, now, total, form);
        int lineNumber = 1;
        for (CartLine line : lines) {
            orders.insertLine(orderId, lineNumber++, line.itemId(), line.quantity(), prices.get(line.itemId()));
        }
        orders.insertEvent(orderId, now, OrderStatus.PLACED, "Order placed; it is waiting for the order processor.");
        return new PlacedOrder(orderId, total, itemCount);
    }

    /**
     * Reserves every line in item id order, so two checkouts that share items lock them in the
     * same order and cannot deadlock; returns the current price of each item.
     */
    private Map<String, BigDecimal> reserve(List<CartLine> lines) throws CheckoutException, SQLException {
        Stock stock = new Stock(connection);
        CatalogRepository catalog = new CatalogRepository(connection);
        Map<String, BigDecimal> prices = new HashMap<>();
        List<CartLine> byItem = lines.stream().sorted(Comparator.comparing(CartLine::itemId)).toList();
        for (CartLine line : byItem) {
            if (!stock.reserve(line.itemId(), line.quantity())) {
                OptionalInt available = stock.available(line.itemId());
                if (available.isEmpty()) {
                    throw new UnknownItemException(line.itemId());
                }
                throw new InsufficientStockException(line.itemId(), line.productName() + ", " + line.itemName(),
                        line.quantity(), available.getAsInt());
            }
            Item item = catalog.item(line.itemId()).orElseThrow(() -> new UnknownItemException(line.itemId()));
            prices.put(line.itemId(), item.listPrice());
        }
        return prices;
    }
}
