package dev.isola.petstore.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.isola.petstore.TestDatabase;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Browsing and searching the seeded catalog in a real embedded Derby. */
class CatalogRepositoryTest {
    private static TestDatabase database;
    private Connection connection;
    private CatalogRepository catalog;

    @BeforeAll
    static void install() throws SQLException {
        database = TestDatabase.installed();
    }

    @AfterAll
    static void drop() {
        database.close();
    }

    @BeforeEach
    void connect() throws SQLException {
        connection = database.connect();
        catalog = new CatalogRepository(connection);
    }

    @AfterEach
    void disconnect() throws SQLException {
        connection.rollback();
        connection.close();
    }

    @Test
    void listsTheFiveClassicCategoriesInCatalogOrder() throws SQLException {
        assertEquals(List.of("Fish", "Dogs", "Reptiles", "Cats", "Birds"),
                catalog.categories().stream().map(Category::name).toList());
    }

    @Test
    void browsesFromCategoryToProductToItem() throws SQLException {
        List<Product> fish = catalog.productsIn("FISH");
        assertEquals(List.of("Angelfish", "Goldfish", "Koi", "Tiger Shark"), fish.stream().map(Product::name).toList());
        Product koi = catalog.product("FI-KOI").orElseThrow();
        assertEquals("Fish", koi.categoryName());
        List<Item> items = catalog.itemsOf(koi.id());
        assertEquals(List.of("I-1006", "I-1005"), items.stream().map(Item::id).toList(), "cheapest first");
        Item spotted = catalog.item("I-1005").orElseThrow();
        assertEquals("Koi", spotted.productName());
        assertEquals("FISH", spotted.categoryId());
        assertEquals(new BigDecimal("38.50"), spotted.listPrice());
        assertEquals(List.of("Spotted"), spotted.attributes());
        assertEquals(25, spotted.stock());
        assertEquals("fish-koi.svg", spotted.image());
    }

    @Test
    void unknownIdsFindNothing() throws SQLException {
        assertTrue(catalog.category("UNICORNS").isEmpty());
        assertTrue(catalog.productsIn("UNICORNS").isEmpty());
        assertTrue(catalog.product("' OR '1'='1").isEmpty());
        assertTrue(catalog.item("I-9999").isEmpty());
    }

    @Test
    void searchMatchesProductAndItemNamesAndDescriptionsCaseInsensitively() throws SQLException {
        assertEquals(List.of("Tiger Shark"), names(catalog.search(SearchQuery.parse("SHARK"))));
        // "tailless" appears only in an item of the Manx.
        assertEquals(List.of("Manx"), names(catalog.search(SearchQuery.parse("tailless"))));
        // "retriever" is in two product names; "children" narrows it to descriptions mentioning them.
        assertEquals(List.of("Golden Retriever", "Labrador Retriever"), names(catalog.search(SearchQuery.parse("retriever"))));
        assertEquals(List.of("Labrador Retriever"), names(catalog.search(SearchQuery.parse("retriever great children"))));
    }

    @Test
    void searchTreatsLikeWildcardsAsPlainCharacters() throws SQLException {
        assertEquals(List.of(), catalog.search(SearchQuery.parse("%")));
        assertEquals(List.of(), catalog.search(SearchQuery.parse("_")));
        assertEquals(List.of(), catalog.search(SearchQuery.parse("")));
    }

    private static List<String> names(List<Product> products) {
        return products.stream().map(Product::name).toList();
    }
}
