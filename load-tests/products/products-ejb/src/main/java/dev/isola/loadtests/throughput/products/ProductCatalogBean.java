package dev.isola.loadtests.throughput.products;

import jakarta.annotation.Resource;
import jakarta.ejb.EJBException;
import jakarta.ejb.Stateless;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads products through the datasource {@code java:global/jdbc/products}, which the domain
 * declares: an embedded Derby database or one on a Derby network server, without the
 * application knowing which.
 */
@Stateless
public class ProductCatalogBean implements ProductCatalog {

    @Resource(lookup = ProductSchemaBean.DATA_SOURCE)
    private DataSource products;

    @Override
    public List<Product> priceRange(BigDecimal min, BigDecimal max, int limit) {
        try (Connection c = products.getConnection();
             PreparedStatement q = c.prepareStatement("SELECT ID, NAME, PRICE FROM PRODUCT WHERE PRICE BETWEEN ? AND ? ORDER BY PRICE, ID")) {
            q.setBigDecimal(1, min);
            q.setBigDecimal(2, max);
            q.setMaxRows(limit);
            List<Product> found = new ArrayList<>();
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    found.add(new Product(r.getInt(1), r.getString(2), r.getBigDecimal(3)));
                }
            }
            return found;
        } catch (SQLException e) {
            throw new EJBException("cannot read products priced " + min + " to " + max + ": " + e.getMessage(), e);
        }
    }

    @Override
    public int countNamed(String prefix) {
        try (Connection c = products.getConnection();
             PreparedStatement q = c.prepareStatement("SELECT COUNT(*) FROM PRODUCT WHERE NAME LIKE ?")) {
            q.setString(1, prefix.replace("%", "").replace("_", "") + "%");
            try (ResultSet r = q.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        } catch (SQLException e) {
            throw new EJBException("cannot count products named '" + prefix + "…': " + e.getMessage(), e);
        }
    }
}
