package dev.isola.appserver.testapps.bench;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;

import javax.sql.DataSource;

@Singleton
@Startup
public class ItemSchemaBean {
    @Resource
    private DataSource ds;

    @PostConstruct
    void create() {
        ItemSql.createSchema(ds);
    }
}
