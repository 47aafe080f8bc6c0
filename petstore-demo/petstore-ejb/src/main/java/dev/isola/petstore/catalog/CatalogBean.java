package dev.isola.petstore.catalog;

import dev.isola.petstore.Resources;
import jakarta.annotation.Resource;
import jakarta.ejb.EJBException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;

/** Read-only catalog access; it needs no transaction, so it supports the caller's if any. */
@Stateless
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class CatalogBean implements CatalogService {

    @Resource(lookup = Resources.DATA_SOURCE)
    private DataSource dataSource;

    @Override
    public List<Category> categories() {
        return read(CatalogRepository::categories);
    }

    @Override
    public Category category(String categoryId) throws CatalogEntryNotFoundException {
        return read(catalog -> catalog.category(categoryId))
                .orElseThrow(() -> new CatalogEntryNotFoundException("category", categoryId));
    }

    @Override
    public List<Product> productsIn(String categoryId) throws CatalogEntryNotFoundException {
        category(categoryId);
        return read(catalog -> catalog.productsIn(categoryId));
    }

    @Override
    public Product product(String productId) throws CatalogEntryNotFoundException {
        return read(catalog -> catalog.product(productId))
                .orElseThrow(() -> new CatalogEntryNotFoundException("product", productId));
    }

    @Override
    public List<Item> itemsOf(String productId) throws CatalogEntryNotFoundException {
        product(productId);
        return read(catalog -> catalog.itemsOf(productId));
    }

    @Override
    public Item item(String itemId) throws CatalogEntryNotFoundException {
        return read(catalog -> catalog.item(itemId))
                .orElseThrow(() -> new CatalogEntryNotFoundException("item", itemId));
    }

    @Override
    public List<Product> search(String text) {
        SearchQuery query = SearchQuery.parse(text);
        return read(catalog -> catalog.search(query));
    }

    private <T> T read(Query<T> query) {
        try (Connection connection = dataSource.getConnection()) {
            return query.run(new CatalogRepository(connection));
        } catch (SQLException e) {
            throw new EJBException("catalog query failed: " + e.getMessage(), e);
        }
    }

    @FunctionalInterface
    private interface Query<T> {
        T run(CatalogRepository catalog) throws SQLException;
    }
}
