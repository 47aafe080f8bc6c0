package dev.isola.appserver.testapps.bench;

import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;

import javax.sql.DataSource;

/** The EJB variant's bean: container defaults (container-managed transaction REQUIRED, pooled instance). */
@Stateless
public class ItemQueryBean {
    @Resource
    private DataSource ds;

    public String describe(int id) {
        return ItemSql.describe(ds, id);
    }
}
