package dev.isola.petstore.web;

import dev.isola.petstore.catalog.CatalogEntryNotFoundException;
import dev.isola.petstore.catalog.CatalogService;
import dev.isola.petstore.catalog.Item;
import dev.isola.petstore.catalog.Product;
import jakarta.ejb.EJB;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;

/**
 * Browsing: the home page ({@code /}), a category ({@code /category?id=}), a product
 * ({@code /product?id=}), an item ({@code /item?id=}) and keyword search ({@code /search?q=}).
 */
@WebServlet(name = "catalog", urlPatterns = {"", "/category", "/product", "/item", "/search"})
public class CatalogServlet extends HttpServlet {

    @EJB
    private CatalogService catalog;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String id = Forms.param(request, "id");
        try {
            switch (request.getServletPath()) {
                case "/category" -> {
                    request.setAttribute("category", catalog.category(id));
                    request.setAttribute("products", catalog.productsIn(id));
                    Pages.render(request, response, "category");
                }
                case "/product" -> {
                    Product product = catalog.product(id);
                    request.setAttribute("product", product);
                    request.setAttribute("items", catalog.itemsOf(id));
                    Pages.render(request, response, "product");
                }
                case "/item" -> {
                    Item item = catalog.item(id);
                    request.setAttribute("item", item);
                    Pages.render(request, response, "item");
                }
                case "/search" -> {
                    String query = Forms.param(request, "q");
                    request.setAttribute("query", query);
                    request.setAttribute("products", query.isEmpty() ? List.of() : catalog.search(query));
                    Pages.render(request, response, "search");
                }
                default -> home(request, response);
            }
        } catch (CatalogEntryNotFoundException e) {
            Pages.problem(request, response, HttpServletResponse.SC_NOT_FOUND, "Not in our catalog", e.getMessage());
        }
    }

    private void home(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        request.setAttribute("categories", catalog.categories());
        SignedOnUser user = SignedOnUser.current(request);
        if (user != null && !user.favouriteCategory().isEmpty()) {
            try {
                request.setAttribute("favourite", catalog.category(user.favouriteCategory()));
                request.setAttribute("favourites", catalog.productsIn(user.favouriteCategory()));
            } catch (CatalogEntryNotFoundException withdrawn) {
                // The favourite category left the catalog; the home page simply shows no suggestions.
                request.removeAttribute("favourite");
            }
        }
        Pages.render(request, response, "home");
    }
}
