package dev.isola.petstore.catalog;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads the catalog tables over one JDBC connection; it never writes and never commits. */
public final class CatalogRepository {
    private static final String ITEM_COLUMNS = """
            SELECT i.itemid, i.productid, p.name, p.catid, c.name, i.name, i.description, i.image,
                   i.listprice, i.attr1, i.attr2, i.attr3, i.stock
              FROM item i
              JOIN product p ON p.productid = i.productid
              JOIN category c ON c.catid = p.catid
            """;
    private static final String PRODUCT_COLUMNS = """
            SELECT p.productid, p.catid, c.name, p.name, p.description, p.image
              FROM product p
              JOIN category c ON c.catid = p.catid
            """;

    private final Connection connection;

    public CatalogRepository(Connection connection) {
        this.connection = connection;
    }

    public List<Category> categories() throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT catid, name, description, image FROM category ORDER BY position")) {
            return categories(statement);
        }
    }

    public Optional<Category> category(String categoryId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT catid, name, description, image FROM category WHERE catid = ?")) {
            statement.setString(1, categoryId);
            return categories(statement).stream().findFirst();
        }
    }

    public List<Product> productsIn(String categoryId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                PRODUCT_COLUMNS + " WHERE p.catid = ? ORDER BY p.name")) {
            statement.setString(1, categoryId);
            return products(statement);
        }
    }

    public Optional<Product> product(String productId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(PRODUCT_COLUMNS + " WHERE p.productid = ?")) {
            statement.setString(1, productId);
            return products(statement).stream().findFirst();
        }
    }

    public List<Item> itemsOf(String productId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                ITEM_COLUMNS + " WHERE i.productid = ? ORDER BY i.listprice, i.itemid")) {
            statement.setString(1, productId);
            return items(statement);
        }
    }

    public Optional<Item> item(String itemId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(ITEM_COLUMNS + " WHERE i.itemid = ?")) {
            statement.setString(1, itemId);
            return items(statement).stream().findFirst();
        }
    }

    /** Products matching every term of {@code query} (see {@link SearchQuery}), by name. */
    public List<Product> search(SearchQuery query) throws SQLException {
        if (query.isEmpty()) {
            return List.of();
        }
        StringBuilder sql = new StringBuilder(PRODUCT_COLUMNS).append(" WHERE 1 = 1");
        for (int i = 0; i < query.terms().size(); i++) {
            sql.append("""
                     AND (LOWER(p.name) LIKE ? ESCAPE '\\' OR LOWER(p.description) LIKE ? ESCAPE '\\'
                          OR EXISTS (SELECT 1 FROM item i WHERE i.productid = p.productid
                                     AND (LOWER(i.name) LIKE ? ESCAPE '\\' OR LOWER(i.description) LIKE ? ESCAPE '\\')))
                    """);
        }
        sql.append(" ORDER BY p.name");
        try (PreparedStatement statement = connection.prepareStatement(sql.toString())) {
            int index = 1;
            for (String term : query.terms()) {
                String pattern = SearchQuery.likePattern(term);
                for (int column = 0; column < 4; column++) {
                    statement.setString(index++, pattern);
                }
            }
            return products(statement);
        }
    }

    private static List<Category> categories(PreparedStatement statement) throws SQLException {
        List<Category> result = new ArrayList<>();
        try (ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                result.add(new Category(rows.getString(1), rows.getString(2), rows.getString(3), rows.getString(4)));
            }
        }
        return result;
    }

    private static List<Product> products(PreparedStatement statement) throws SQLException {
        List<Product> result = new ArrayList<>();
        try (ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                result.add(new Product(rows.getString(1), rows.getString(2), rows.getString(3), rows.getString(4),
                        rows.getString(5), rows.getString(6)));
            }
        }
        return result;
    }

    private static List<Item> items(PreparedStatement statement) throws SQLException {
        List<Item> result = new ArrayList<>();
        try (ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                List<String> attributes = new ArrayList<>(3);
                for (int column = 10; column <= 12; column++) {
                    String attribute = rows.getString(column);
                    if (attribute != null && !attribute.isBlank()) {
                        attributes.add(attribute);
                    }
                }
                result.add(new Item(rows.getString(1), rows.getString(2), rows.getString(3), rows.getString(4),
                        rows.getString(5), rows.getString(6), rows.getString(7), rows.getString(8),
                        rows.getBigDecimal(9), attributes, rows.getInt(13)));
            }
        }
        return result;
    }
}
